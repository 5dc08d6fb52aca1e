import { type HmrcFeed, hmrcFeedPath } from '@vatwise/domain';
import { api } from '../../shared/api/base-api';

/** GOV.UK's HMRC news, for the home screen's card. */
export const hmrcFeedApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Always 200: the body says whether the feed could be read (status 'ok' or 'unavailable'). */
    hmrcFeed: build.query<HmrcFeed, void>({
      query: () => hmrcFeedPath,
    }),
  }),
});
