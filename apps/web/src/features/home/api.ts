import { type DeadlinesResponse, type HmrcFeed, hmrcFeedPath } from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** The Home dashboard's cards: GOV.UK's HMRC news and the current business's VAT deadlines. */
export const homeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Always 200: the body says whether the feed could be read (status 'ok' or 'unavailable'). */
    hmrcFeed: build.query<HmrcFeed, void>({
      query: () => hmrcFeedPath,
    }),
    /** Open obligations of one of the user's businesses, read from HMRC. */
    deadlines: build.query<DeadlinesResponse, { vrn: string }>({
      query: ({ vrn }) => ({ url: '/api/deadlines', params: { vrn }, timeout: API_TIMEOUT_MS.long }),
      // A return submitted or a business connected again changes what is open.
      providesTags: ['VatData'],
    }),
  }),
});

/** The calendar file of the business's open obligations (downloaded by the browser itself). */
export function deadlinesCalendarUrl(vrn: string): string {
  return `/api/deadlines/calendar.ics?${new URLSearchParams({ vrn }).toString()}`;
}
