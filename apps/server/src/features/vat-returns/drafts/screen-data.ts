import { firstRecordPage, recordPagePath, vatReturnPath } from '@vatwise/domain';

/**
 * What the Return page reads first, announced with the page (spa's screenData): a period of
 * 100,000 records takes a quarter of a second to total, which is then done while the browser
 * starts the app. The receipt reads the return too.
 */
export const returnScreenData: Record<string, (segments: Record<string, string>) => string[]> = {
  '/app/vat-submissions/:returnId': ({ returnId = '' }) => [
    vatReturnPath(returnId),
    recordPagePath(returnId, firstRecordPage),
  ],
  '/app/vat-submissions/:returnId/receipt': ({ returnId = '' }) => [vatReturnPath(returnId)],
};
