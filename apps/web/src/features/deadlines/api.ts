import type { DeadlinesResponse } from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** The current business's VAT deadlines, for the home screen's card. */
export const deadlinesApi = api.injectEndpoints({
  endpoints: (build) => ({
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
