import { hmrcFeedPath } from '@vatwise/domain';

/**
 * What the signed-in Home reads first, announced with the page (spa's screenData): the news card
 * then fills in as the page first draws, instead of drawing its placeholder and growing after.
 */
export const homeScreenData: Record<string, () => string[]> = {
  '/app': () => [hmrcFeedPath],
};
