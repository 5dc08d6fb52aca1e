import type {
  FinancialDetails,
  Liability,
  Obligation,
  ObligationStatusFilter,
  Payment,
  Penalties,
  VatReturn,
} from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

/** What every VAT data call names: the business, and (sandbox only) an HMRC Gov-Test-Scenario. */
interface VatTarget {
  vrn: string;
  scenario?: string | undefined;
}

const params = (values: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => Boolean(entry[1])));

/** VAT data from HMRC through VAT Wise (docs/reference/product.md §7, /api/vat/*). Money in pence. */
export const vatApi = api.injectEndpoints({
  endpoints: (build) => ({
    obligations: build.query<Obligation[], VatTarget & { from: string; to: string; status: ObligationStatusFilter }>({
      query: ({ vrn, from, to, status, scenario }) => ({
        url: '/api/vat/obligations',
        params: params({ vrn, from, to, status, scenario }),
        timeout: API_TIMEOUT_MS.long,
      }),
      transformResponse: (body: { obligations: Obligation[] }) => body.obligations,
      providesTags: ['VatData'],
    }),
    liabilities: build.query<Liability[], VatTarget & { from: string; to: string }>({
      query: ({ vrn, from, to, scenario }) => ({
        url: '/api/vat/liabilities',
        params: params({ vrn, from, to, scenario }),
        timeout: API_TIMEOUT_MS.long,
      }),
      transformResponse: (body: { liabilities: Liability[] }) => body.liabilities,
      providesTags: ['VatData'],
    }),
    payments: build.query<Payment[], VatTarget & { from: string; to: string }>({
      query: ({ vrn, from, to, scenario }) => ({
        url: '/api/vat/payments',
        params: params({ vrn, from, to, scenario }),
        timeout: API_TIMEOUT_MS.long,
      }),
      transformResponse: (body: { payments: Payment[] }) => body.payments,
      providesTags: ['VatData'],
    }),
    penalties: build.query<Penalties, VatTarget>({
      query: ({ vrn, scenario }) => ({
        url: '/api/vat/penalties',
        params: params({ vrn, scenario }),
        timeout: API_TIMEOUT_MS.long,
      }),
      providesTags: ['VatData'],
    }),
    financialDetails: build.query<FinancialDetails, VatTarget & { chargeReference: string }>({
      query: ({ vrn, chargeReference, scenario }) => ({
        url: '/api/vat/financials',
        params: params({ vrn, chargeReference, scenario }),
        timeout: API_TIMEOUT_MS.long,
      }),
      providesTags: ['VatData'],
    }),
    returnView: build.query<VatReturn, VatTarget & { periodKey: string }>({
      query: ({ vrn, periodKey, scenario }) => ({
        url: '/api/vat/returnview',
        params: params({ vrn, periodKey, scenario }),
        // docs/reference/product.md §7: the return view uses the long time-out.
        timeout: API_TIMEOUT_MS.long,
      }),
      providesTags: ['VatData'],
    }),
  }),
});
