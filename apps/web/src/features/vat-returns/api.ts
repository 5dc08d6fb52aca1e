import {
  type BoxTotalsMapping,
  type BusinessScheme,
  type BusinessSchemes,
  type FlatRateSettings,
  type ImportKind,
  type ImportPreview,
  type ImportRecord,
  type ImportResult,
  type MarginStockItemInput,
  type MarginStockList,
  type StoredMarginStockItem,
  importFilePart,
  recordPagePath,
  vatReturnPath,
  type RecordPage,
  type RecordPageQuery,
  type BusinessActivity,
  type ErrorCorrectionInput,
  type ReturnErrorCorrections,
  type ReturnComparison,
  type ReturnDraft,
  type ReturnNote,
  type TransactionMapping,
  type VatRecord,
  type VatRecordInput,
} from '@vatwise/domain';
import { API_TIMEOUT_MS, api } from '../../shared/api/base-api';

export interface ImportRequest {
  vrn: string;
  draftId: string;
  kind: ImportKind;
  fileName: string;
  /** The file's bytes as chosen (read once, so a file changed on disk afterwards is not mixed in). */
  content: Blob;
  mapping?: TransactionMapping | BoxTotalsMapping;
}

/** An import as the server reads it (importFieldsSchema): the fields, then the file with its name. */
function importForm({ vrn, draftId, kind, fileName, content, mapping }: ImportRequest): FormData {
  const form = new FormData();
  form.set('vrn', vrn);
  form.set('draftId', draftId);
  form.set('kind', kind);
  if (mapping) form.set('mapping', JSON.stringify(mapping));
  form.set(importFilePart, content, fileName);
  return form;
}

/** Records change a draft's worked-out boxes, so every change to them refreshes the returns too. */
const recordChanged = ['VatRecords', 'VatReturns', 'BusinessActivity'] as const;

/** VAT returns, their digital records and imports (server: features/vat-returns/routes.ts). Money in pence. */
export const vatReturnsApi = api.injectEndpoints({
  endpoints: (build) => ({
    returns: build.query<ReturnDraft[], { vrn: string }>({
      query: ({ vrn }) => ({ url: '/api/vat_returns', params: { vrn } }),
      transformResponse: (body: { returns: ReturnDraft[] }) => body.returns,
      providesTags: ['VatReturns'],
    }),
    vatReturn: build.query<ReturnDraft, string>({
      query: (id) => vatReturnPath(id),
      providesTags: (_result, _error, id) => [{ type: 'VatReturns', id }],
    }),
    initiateReturn: build.mutation<ReturnDraft, { vrn: string; periodKey: string }>({
      query: ({ vrn, periodKey }) => ({
        url: '/api/initiate_vat_return',
        method: 'POST',
        // The product reference's field names (docs/reference/product.md §7); the server checks the period with HMRC, hence the long time-out.
        body: { user_vrn: vrn, period_key: periodKey, flat_rate_scheme: false, flat_rate_percentage: null },
        timeout: API_TIMEOUT_MS.long,
      }),
      invalidatesTags: ['VatReturns'],
    }),
    updateFlatRate: build.mutation<ReturnDraft, { id: string; flatRate: FlatRateSettings | null }>({
      query: ({ id, flatRate }) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: { flatRate },
      }),
      invalidatesTags: ['VatReturns'],
    }),
    discardReturn: build.mutation<void, string>({
      query: (id) => ({ url: `/api/vat_returns/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['VatReturns', 'VatImports'],
    }),
    submitReturn: build.mutation<ReturnDraft, { id: string; idempotencyKey: string }>({
      query: ({ id, idempotencyKey }) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}/submit`,
        method: 'POST',
        body: { idempotencyKey, declarationAccepted: true },
        timeout: API_TIMEOUT_MS.long,
      }),
      // The answer is the return as it now stands: show it at once, before the refetch comes back.
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(vatReturnsApi.util.upsertQueryData('vatReturn', id, data));
      },
      // A filed return closes its obligation: HMRC's data (VatData) refreshes too.
      invalidatesTags: ['VatReturns', 'VatData', 'BusinessActivity'],
    }),
    // A practice's review before filing (the server decides who may do which).
    reviewStep: build.mutation<ReturnDraft, { id: string; step: 'ready' | 'approve' | 'reopen' }>({
      query: ({ id, step }) => ({ url: `/api/vat_returns/${encodeURIComponent(id)}/${step}`, method: 'POST' }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(vatReturnsApi.util.upsertQueryData('vatReturn', id, data));
      },
      invalidatesTags: ['VatReturns', 'BusinessActivity'],
    }),
    // The boxes beside earlier periods and HMRC's unpaid VAT (checks before filing); HMRC may be asked.
    returnComparison: build.query<ReturnComparison, string>({
      query: (id) => ({ url: `/api/vat_returns/${encodeURIComponent(id)}/comparison`, timeout: API_TIMEOUT_MS.long }),
      providesTags: ['VatReturns', 'VatData'],
    }),
    returnNotes: build.query<ReturnNote[], string>({
      query: (id) => `/api/vat_returns/${encodeURIComponent(id)}/notes`,
      transformResponse: (body: { notes: ReturnNote[] }) => body.notes,
      providesTags: (_result, _error, id) => [{ type: 'ReturnNotes', id }],
    }),
    addReturnNote: build.mutation<ReturnNote[], { id: string; text: string }>({
      query: ({ id, text }) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}/notes`,
        method: 'POST',
        body: { text },
      }),
      transformResponse: (body: { notes: ReturnNote[] }) => body.notes,
      // The answer is the return's notes as they now stand.
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(vatReturnsApi.util.upsertQueryData('returnNotes', id, data));
      },
      invalidatesTags: ['BusinessActivity'],
    }),
    // Errors found in earlier returns (VAT Notice 700/45). Box 6 sets their limit, so any change to
    // the return ('VatReturns') reads them again; a change to them changes the return's boxes.
    errorCorrections: build.query<ReturnErrorCorrections, string>({
      query: (id) => `/api/vat_returns/${encodeURIComponent(id)}/error_corrections`,
      providesTags: ['VatReturns'],
    }),
    addErrorCorrection: build.mutation<ReturnErrorCorrections, { id: string; input: ErrorCorrectionInput }>({
      query: ({ id, input }) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}/error_corrections`,
        method: 'POST',
        body: input,
      }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(vatReturnsApi.util.upsertQueryData('errorCorrections', id, data));
      },
      invalidatesTags: ['VatReturns', 'BusinessActivity'],
    }),
    removeErrorCorrection: build.mutation<ReturnErrorCorrections, { id: string; correctionId: string }>({
      query: ({ id, correctionId }) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}/error_corrections/${encodeURIComponent(correctionId)}`,
        method: 'DELETE',
      }),
      onQueryStarted: async ({ id }, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(vatReturnsApi.util.upsertQueryData('errorCorrections', id, data));
      },
      invalidatesTags: ['VatReturns', 'BusinessActivity'],
    }),
    businessActivity: build.query<BusinessActivity[], string>({
      query: (vrn) => `/api/businesses/${encodeURIComponent(vrn)}/activity`,
      transformResponse: (body: { activity: BusinessActivity[] }) => body.activity,
      providesTags: ['BusinessActivity'],
    }),
    settleReturn: build.mutation<ReturnDraft, string>({
      query: (id) => ({
        url: `/api/vat_returns/${encodeURIComponent(id)}/settle`,
        method: 'POST',
        timeout: API_TIMEOUT_MS.long,
      }),
      onQueryStarted: async (id, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(vatReturnsApi.util.upsertQueryData('vatReturn', id, data));
      },
      invalidatesTags: ['VatReturns', 'VatData'],
    }),

    // The business's VAT schemes (cash accounting and the others, each from a date).
    vatSchemes: build.query<BusinessSchemes, { vrn: string }>({
      query: ({ vrn }) => ({ url: '/api/vat_schemes', params: { vrn } }),
      providesTags: ['VatSchemes'],
    }),
    // Cash accounting changes which records a return counts: its boxes and records list refresh.
    setVatSchemes: build.mutation<BusinessSchemes, { vrn: string; schemes: BusinessScheme[] }>({
      query: (body) => ({ url: '/api/vat_schemes', method: 'PUT', body }),
      invalidatesTags: ['VatSchemes', 'VatReturns', 'VatRecords', 'BusinessActivity'],
    }),

    // The margin scheme stock book (VAT Notice 718): the business's, read whole or for a period.
    marginStock: build.query<MarginStockList, { vrn: string; from?: string; to?: string }>({
      query: (params) => ({ url: '/api/margin_stock_items', params }),
      providesTags: ['MarginStock'],
    }),
    addMarginStockItem: build.mutation<StoredMarginStockItem, { vrn: string; input: MarginStockItemInput }>({
      query: ({ vrn, input }) => ({ url: '/api/margin_stock_items', method: 'POST', body: { vrn, ...input } }),
      invalidatesTags: ['MarginStock'],
    }),
    updateMarginStockItem: build.mutation<StoredMarginStockItem, { id: string; input: MarginStockItemInput }>({
      query: ({ id, input }) => ({
        url: `/api/margin_stock_items/${encodeURIComponent(id)}`,
        method: 'PUT',
        body: input,
      }),
      invalidatesTags: ['MarginStock'],
    }),
    deleteMarginStockItem: build.mutation<void, string>({
      query: (id) => ({ url: `/api/margin_stock_items/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['MarginStock'],
    }),
    restoreMarginStockItem: build.mutation<StoredMarginStockItem, string>({
      query: (id) => ({ url: `/api/margin_stock_items/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: ['MarginStock'],
    }),

    // One page of a return's records, as the Return page shows them (sorted, searched, by box).
    recordPage: build.query<RecordPage, { id: string } & Partial<RecordPageQuery>>({
      // The same address the server announces for the first page (recordPagePath), so that
      // answer is used rather than fetched again.
      query: ({ id, ...params }) => recordPagePath(id, params),
      providesTags: ['VatRecords'],
    }),
    // Every record of a period at once: for the CSV download only.
    records: build.query<VatRecord[], { vrn: string; from: string; to: string }>({
      query: (params) => ({ url: '/api/vat_records', params }),
      transformResponse: (body: { records: VatRecord[] }) => body.records,
      providesTags: ['VatRecords'],
    }),
    addRecord: build.mutation<VatRecord, { vrn: string; input: VatRecordInput }>({
      query: ({ vrn, input }) => ({ url: '/api/vat_records', method: 'POST', body: { vrn, ...input } }),
      invalidatesTags: [...recordChanged],
    }),
    updateRecord: build.mutation<VatRecord, { id: string; input: VatRecordInput }>({
      query: ({ id, input }) => ({ url: `/api/vat_records/${encodeURIComponent(id)}`, method: 'PUT', body: input }),
      invalidatesTags: [...recordChanged],
    }),
    deleteRecord: build.mutation<void, string>({
      query: (id) => ({ url: `/api/vat_records/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [...recordChanged],
    }),
    restoreRecord: build.mutation<VatRecord, string>({
      query: (id) => ({ url: `/api/vat_records/${encodeURIComponent(id)}/restore`, method: 'POST' }),
      invalidatesTags: [...recordChanged],
    }),

    // A preview saves nothing; it is a mutation only because the file travels in a POST body.
    previewImport: build.mutation<ImportPreview, ImportRequest>({
      query: (request) => ({ url: '/api/vat_imports/preview', method: 'POST', body: importForm(request) }),
    }),
    applyImport: build.mutation<ImportResult, ImportRequest>({
      query: (request) => ({ url: '/api/vat_imports', method: 'POST', body: importForm(request) }),
      invalidatesTags: [...recordChanged, 'VatImports'],
    }),
    imports: build.query<ImportRecord[], string>({
      query: (draftId) => ({ url: '/api/vat_imports', params: { draftId } }),
      transformResponse: (body: { imports: ImportRecord[] }) => body.imports,
      providesTags: ['VatImports'],
    }),
  }),
});
