import type { PaymentJourney, StartedPayment, StartPaymentBody } from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** Paying HMRC through VAT Wise (docs/paying-hmrc.md, /api/payments). Money in pence. */
export const paymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    startPayment: build.mutation<StartedPayment, StartPaymentBody>({
      query: (body) => ({ url: '/api/payments', method: 'POST', body, timeout: API_TIMEOUT_MS.long }),
    }),
    paymentJourneys: build.query<PaymentJourney[], string>({
      query: (vrn) => ({ url: '/api/payments', params: { vrn } }),
      transformResponse: (body: { journeys: PaymentJourney[] }) => body.journeys,
      providesTags: ['VatData'],
    }),
    paymentJourney: build.query<PaymentJourney, string>({
      query: (id) => ({ url: `/api/payments/${encodeURIComponent(id)}`, timeout: API_TIMEOUT_MS.long }),
      // HMRC's figures change once a payment is made: the VAT tabs read them again.
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.status === 'Completed') dispatch(api.util.invalidateTags(['VatData']));
        } catch {
          // The page shows the error from the query itself.
        }
      },
    }),
  }),
});
