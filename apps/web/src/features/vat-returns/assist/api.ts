import type { AssistAnswer, AssistReport } from '@vatwise/domain';
import { api } from '../../../shared/api/base-api';

const assistPath = (id: string) => `/api/vat_returns/${encodeURIComponent(id)}/assist`;

/** HMRC Assist for VAT on a return (server: features/vat-returns/assist/routes.ts). */
export const assistApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The report for the figures as they stand; the server asks HMRC only for figures it has none for. */
    requestAssist: build.mutation<AssistAnswer, { id: string }>({
      query: ({ id }) => ({ url: assistPath(id), method: 'POST', body: {} }),
    }),
    /** The stored report, asking HMRC nothing (the receipt's view). */
    assistReport: build.query<AssistAnswer, string>({
      query: (id) => ({ url: assistPath(id) }),
      providesTags: ['VatReturns'],
    }),
    acknowledgeAssist: build.mutation<AssistReport, { id: string; reportId: string; presentedAt: string }>({
      query: ({ id, reportId, presentedAt }) => ({
        url: `${assistPath(id)}/${encodeURIComponent(reportId)}/acknowledgement`,
        method: 'POST',
        body: { presentedAt },
      }),
    }),
  }),
});
