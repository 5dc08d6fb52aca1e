import { z } from 'zod';
import { returnNoteSchema, returnReviewSchema } from '../practice/api';
import { clientApprovalSchema } from '../practice/client-approval-state';
import type { Assert, Flattened, IdenticalType, SameType } from '../type-checks';
import {
  boxTotalsMappingSchema,
  type CashAccountingWorking,
  type ComputedReturn,
  type Contribution,
  type BoxProblem,
  type BoxWarning,
  type FiledElsewhere,
  flatRateSettingsSchema,
  type FlatRateWorking,
  type ImportPreview,
  type ImportProblem,
  type ImportRecord,
  type ImportResult,
  importKinds,
  nineBoxesSchema,
  type Receipt,
  type ReceiptApprovals,
  returnStatuses,
  type ReturnDraft,
  adjustmentTypes,
  enterableBoxes,
  transactionMappingSchema,
  treatments,
  vatRateKinds,
  type VatRecord,
  type VatRecordInput,
} from './api';
import { boxNumbers } from './box-numbers';
import {
  type BoxComparison,
  type ComparedPeriod,
  comparisonSources,
  type OverdueVat,
  type ReturnComparison,
} from './comparison';
import type { RecordPage } from './record-page';
import { vatSchemeKinds } from './schemes';

/**
 * What the VAT returns routes answer, as zod schemas: the server serialises each reply with its
 * route's schema (keys not in it are dropped) and the API's document describes it from the same
 * schema. Each is checked identical to the type the web app reads, so neither drifts from the
 * other. Money is integer pence; dates 'YYYY-MM-DD' and times ISO 8601 instants, as in ./api.
 */

const pence = z.number().int();
const boxNumberSchema = z.literal(boxNumbers);

// --- a return and its worked-out boxes ---------------------------------------------------------

const boxProblemSchema = z.object({
  box: boxNumberSchema,
  code: z.enum(['OUT_OF_RANGE', 'NOT_WHOLE_POUNDS', 'TOTAL_MISMATCH', 'NET_MISMATCH', 'NEGATIVE_NET']),
  message: z.string(),
});

const boxWarningSchema = z.object({
  code: z.string(),
  boxes: z.array(boxNumberSchema),
  message: z.string(),
  params: z.record(z.string(), z.union([z.number(), z.string()])).optional(),
});

const contributionSchema = z.object({
  recordId: z.string(),
  amountPence: pence,
  date: z.string().optional(),
  description: z.string().optional(),
});

const flatRateWorkingSchema = z.object({
  turnoverIncVatPence: pence,
  relevantGoodsIncVatPence: pence,
  specifiedAmountPence: pence,
  limitedCost: z.boolean(),
  parts: z.array(z.object({ from: z.string(), to: z.string(), turnoverIncVatPence: pence, rateTenths: z.number() })),
  flatRateVatPence: pence,
  outsideSchemeVatPence: pence,
});

const cashAccountingWorkingSchema = z.object({
  invoicedFrom: z.string(),
  unpaidRecords: z.number().int(),
  leavesOn: z.string().nullable(),
  yearTurnoverPence: pence,
});

/** One value per box, 'box1'..'box9'. */
const perBoxSchema = <T extends z.ZodType>(value: T) =>
  z.object({
    box1: value,
    box2: value,
    box3: value,
    box4: value,
    box5: value,
    box6: value,
    box7: value,
    box8: value,
    box9: value,
  });

const computedReturnSchema = z.object({
  boxes: nineBoxesSchema,
  contributions: perBoxSchema(z.array(contributionSchema)),
  contributionCounts: perBoxSchema(z.number().int()),
  problems: z.array(boxProblemSchema),
  warnings: z.array(boxWarningSchema),
  flatRate: flatRateWorkingSchema.nullable(),
  cashAccounting: cashAccountingWorkingSchema.nullable().optional(),
});

const approvalByNameSchema = z.object({ name: z.string(), at: z.string() });
const receiptApprovalsSchema = z.object({
  preparedBy: approvalByNameSchema.nullable(),
  reviewedBy: approvalByNameSchema.nullable(),
  client: z.object({ name: z.string(), at: z.string(), email: z.string().nullable() }).nullable(),
});

const receiptSchema = z.object({
  vrn: z.string(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  boxes: nineBoxesSchema,
  processingDate: z.string().nullable(),
  formBundleNumber: z.string().nullable(),
  paymentIndicator: z.enum(['DD', 'BANK']).nullable(),
  chargeRefNumber: z.string().nullable(),
  correlationId: z.string().nullable(),
  receiptId: z.string().nullable(),
  receiptTimestamp: z.string().nullable(),
  fraudHeaders: z.record(z.string(), z.string()),
  submittedAt: z.string(),
  submittedBy: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    agentArn: z.string().nullable().optional(),
  }),
  confirmedBy: z.enum(['response', 'returnView']),
  approvals: receiptApprovalsSchema.optional(),
});

const filedElsewhereSchema = z.object({ hmrcBoxes: nineBoxesSchema, ourBoxes: nineBoxesSchema, foundAt: z.string() });

/** A return as GET /api/vat_returns/:id answers it, and every route that changes one. */
export const returnDraftSchema = z.object({
  id: z.string(),
  vrn: z.string(),
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  due: z.string(),
  status: z.enum(returnStatuses),
  idempotencyKey: z.string(),
  flatRate: flatRateSettingsSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastError: z.object({ message: z.string(), code: z.string().nullable(), hmrcCodes: z.array(z.string()) }).nullable(),
  receipt: receiptSchema.nullable(),
  filedElsewhere: filedElsewhereSchema.nullable(),
  computed: computedReturnSchema.nullable(),
  review: returnReviewSchema,
  clientApproval: clientApprovalSchema.optional(),
  schemes: z.array(z.enum(vatSchemeKinds)),
});

/** GET /api/vat_returns?vrn=: the business's returns. */
export const returnDraftListSchema = z.object({ returns: z.array(returnDraftSchema) });

/** GET and POST /api/vat_returns/:id/notes: the return's notes as they now stand. */
export const returnNoteListSchema = z.object({ notes: z.array(returnNoteSchema) });

// --- records -----------------------------------------------------------------------------------

// Plain shapes, checked on the way in (./api's input schemas): a period's 100,000 records are
// serialised through these, and each check would run on every one of them.
const enterableBoxSchema = z.literal(enterableBoxes);
const transactionShape = z.object({
  kind: z.enum(['sale', 'purchase']),
  date: z.string(),
  description: z.string(),
  netPence: pence,
  vatPence: pence,
  rate: z.enum(vatRateKinds),
  treatment: z.enum(treatments),
  paidOn: z.string().nullable().optional(),
});
const adjustmentShape = z.object({
  kind: z.literal('adjustment'),
  date: z.string(),
  description: z.string(),
  box: enterableBoxSchema,
  amountPence: pence,
  adjustmentType: z.enum(adjustmentTypes),
  reason: z.string(),
});
const boxTotalShape = z.object({
  kind: z.literal('boxTotal'),
  date: z.string(),
  description: z.string(),
  box: enterableBoxSchema,
  amountPence: pence,
});
const recordInputSchema = z.discriminatedUnion('kind', [transactionShape, adjustmentShape, boxTotalShape]);

const recordOwnFields = {
  id: z.string(),
  vrn: z.string(),
  createdAt: z.string(),
  source: z.object({ importId: z.string(), row: z.number().int() }).nullable(),
};
/** A record as the API answers it (one object per kind: an intersection is three times slower to serialise). */
export const vatRecordSchema = z.discriminatedUnion('kind', [
  transactionShape.extend(recordOwnFields),
  adjustmentShape.extend(recordOwnFields),
  boxTotalShape.extend(recordOwnFields),
]);

/** GET /api/vat_records: every record of a period. */
export const vatRecordListSchema = z.object({ records: z.array(vatRecordSchema) });

/** GET /api/vat_returns/:id/records: one page of the return's records. */
export const recordPageSchema = z.object({
  records: z.array(vatRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

// --- checks before filing ----------------------------------------------------------------------

const boxComparisonSchema = z.object({
  box: boxNumberSchema,
  currentPence: pence,
  earlierPence: pence,
  changePence: pence,
  farApart: z.boolean(),
});

const comparedPeriodSchema = z.object({
  periodKey: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  source: z.enum(comparisonSources),
  boxes: z.array(boxComparisonSchema),
});

const overdueVatSchema = z.object({ charges: z.number().int(), outstandingPence: pence, oldestDue: z.string() });

/** GET /api/vat_returns/:id/comparison. */
export const returnComparisonSchema = z.object({
  previous: comparedPeriodSchema.nullable(),
  lastYear: comparedPeriodSchema.nullable(),
  hmrcUnavailable: z.boolean(),
  overdueVat: overdueVatSchema.nullable(),
});

// --- imports (bridging) ------------------------------------------------------------------------

const importProblemSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});

/** POST /api/vat_imports/preview: what the file would import (nothing is saved). */
export const importPreviewSchema = z.object({
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  columns: z.array(z.string()),
  mapping: z.union([transactionMappingSchema, boxTotalsMappingSchema]).nullable(),
  records: z.array(recordInputSchema),
  rows: z.array(z.number().int()),
  recordCount: z.number().int(),
  problems: z.array(importProblemSchema),
  problemCount: z.number().int(),
});

const importRecordSchema = z.object({
  id: z.string(),
  draftId: z.string(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  rowRuns: z.array(z.tuple([z.number().int(), z.number().int()])),
  rowCount: z.number().int(),
  importedAt: z.string(),
});

/** POST /api/vat_imports: the import as stored, and how many records it added. */
export const importResultSchema = z.object({ import: importRecordSchema, recordCount: z.number().int() });

/** GET /api/vat_imports?draftId=: a return's imports. */
export const importRecordListSchema = z.object({ imports: z.array(importRecordSchema) });

// Each schema is the very type the web app reads: a key left out here would be dropped from replies.
export type ReturnRepliesMatch = [
  Assert<IdenticalType<Flattened<z.infer<typeof recordInputSchema>>, Flattened<VatRecordInput>>>,
  Assert<IdenticalType<Flattened<z.infer<typeof vatRecordSchema>>, Flattened<VatRecord>>>,
  Assert<IdenticalType<z.infer<typeof boxProblemSchema>, BoxProblem>>,
  Assert<IdenticalType<z.infer<typeof boxWarningSchema>, BoxWarning>>,
  Assert<IdenticalType<z.infer<typeof contributionSchema>, Contribution>>,
  Assert<IdenticalType<z.infer<typeof flatRateWorkingSchema>, FlatRateWorking>>,
  Assert<IdenticalType<z.infer<typeof cashAccountingWorkingSchema>, CashAccountingWorking>>,
  Assert<IdenticalType<z.infer<typeof computedReturnSchema>, ComputedReturn>>,
  Assert<IdenticalType<z.infer<typeof receiptApprovalsSchema>, ReceiptApprovals>>,
  Assert<IdenticalType<z.infer<typeof receiptSchema>, Receipt>>,
  Assert<IdenticalType<z.infer<typeof filedElsewhereSchema>, FiledElsewhere>>,
  Assert<IdenticalType<z.infer<typeof returnDraftSchema>, ReturnDraft>>,
  // The records compare as VatRecord does, above (one object per kind rather than an intersection).
  Assert<IdenticalType<Omit<z.infer<typeof recordPageSchema>, 'records'>, Omit<RecordPage, 'records'>>>,
  Assert<SameType<z.infer<typeof recordPageSchema>, RecordPage>>,
  Assert<IdenticalType<z.infer<typeof boxComparisonSchema>, BoxComparison>>,
  Assert<IdenticalType<z.infer<typeof comparedPeriodSchema>, ComparedPeriod>>,
  Assert<IdenticalType<z.infer<typeof overdueVatSchema>, OverdueVat>>,
  Assert<IdenticalType<z.infer<typeof returnComparisonSchema>, ReturnComparison>>,
  Assert<IdenticalType<z.infer<typeof importProblemSchema>, ImportProblem>>,
  Assert<IdenticalType<z.infer<typeof importPreviewSchema>, ImportPreview>>,
  Assert<IdenticalType<z.infer<typeof importRecordSchema>, ImportRecord>>,
  Assert<IdenticalType<z.infer<typeof importResultSchema>, ImportResult>>,
];
