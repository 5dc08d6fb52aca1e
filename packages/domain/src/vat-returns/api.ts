import { z } from 'zod';
import type { ReturnReview } from '../practice/api';
import type { ClientApproval } from '../practice/client-approval-state';
import { vrnSchema } from '../hmrc/api';
import { isCalendarDate } from '../vat/dates';
import type { VatSchemeKind } from './schemes';
import { type BoxNumber, boxNumbers } from './box-numbers';

/**
 * VAT returns (issue "VAT returns: prepare, check and submit exactly once"): the digital records a
 * return is built from, the draft, its nine boxes, imports, and the receipt. Shared by the server
 * (validation) and the web app (forms). Money is integer pence; dates 'YYYY-MM-DD'.
 */

const isoDate = z.string().refine(isCalendarDate, { message: 'must be a real date written YYYY-MM-DD' });
const pence = z.number().int({ message: 'must be a whole number of pence' });

// --- the nine boxes ---------------------------------------------------------------------------

/** The boxes a record or an adjustment may move: boxes 3 and 5 are always worked out (docs/reference/vat-rules.md §1.2). */
export const enterableBoxes = [1, 2, 4, 6, 7, 8, 9] as const;
export type EnterableBox = (typeof enterableBoxes)[number];
const enterableBoxSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(4),
  z.literal(6),
  z.literal(7),
  z.literal(8),
  z.literal(9),
]);

/** Box n in pence, keyed 'box1'..'box9'. Boxes 6-9 are whole pounds (multiples of 100). */
export const nineBoxesSchema = z.object({
  box1: pence,
  box2: pence,
  box3: pence,
  box4: pence,
  box5: pence,
  box6: pence,
  box7: pence,
  box8: pence,
  box9: pence,
});
export type NineBoxes = z.infer<typeof nineBoxesSchema>;
export type BoxKey = keyof NineBoxes;
export const boxKey = (box: BoxNumber): BoxKey => `box${box}`;

/** One value per box, each made fresh (an empty list or a zero for each box, say). */
export function perBox<T>(make: (key: BoxKey) => T): Record<BoxKey, T> {
  return Object.fromEntries(boxNumbers.map((box) => [boxKey(box), make(boxKey(box))])) as Record<BoxKey, T>;
}

// --- digital records ------------------------------------------------------------------------

/** How VAT applies to a sale or purchase. */
export const vatRateKinds = ['standard', 'reduced', 'zero', 'exempt', 'outsideScope'] as const;
export type VatRateKind = (typeof vatRateKinds)[number];

/**
 * What the boxes need to know beyond the rate (docs/reference/vat-rules.md §1.1, 1.6): goods moved between Northern
 * Ireland and the EU (boxes 2, 8, 9), services bought from abroad under the reverse charge, import
 * VAT under postponed VAT accounting, capital goods (flat rate scheme: reclaimable at £2,000 or
 * more; a sale of one is outside the scheme), for the flat rate scheme's limited cost test,
 * relevant goods, and building and construction services under the domestic reverse charge (VAT
 * Notice 735; the customer accounts for the VAT, the supplier charges none).
 */
export const treatments = [
  'normal',
  'niEuGoods',
  'reverseCharge',
  'postponedImport',
  'capitalGoods',
  'relevantGoods',
  'constructionReverseCharge',
] as const;
export type Treatment = (typeof treatments)[number];

export const adjustmentTypes = ['errorCorrection', 'badDebtRelief', 'fuelScaleCharge', 'other'] as const;
export type AdjustmentType = (typeof adjustmentTypes)[number];

const description = z.string().trim().min(1, 'Say what the record is').max(200);

export const transactionInputSchema = z.object({
  kind: z.enum(['sale', 'purchase']),
  date: isoDate,
  description,
  /** Net of VAT; negative for a credit note. */
  netPence: pence,
  /** The VAT on it; 0 for zero-rated, exempt and outside-scope items. */
  vatPence: pence,
  rate: z.enum(vatRateKinds),
  treatment: z.enum(treatments).default('normal'),
  /** The day it was paid, when known: under cash accounting it counts in the period it was paid (cash-accounting.ts). */
  paidOn: isoDate.nullable().optional(),
});

/** A correction moving one box, with its reason (error correction, bad debt relief…). */
export const adjustmentInputSchema = z.object({
  kind: z.literal('adjustment'),
  date: isoDate,
  description,
  box: enterableBoxSchema,
  amountPence: pence,
  adjustmentType: z.enum(adjustmentTypes),
  reason: z.string().trim().min(3, 'An adjustment needs its reason').max(500),
});

/** A box total from a spreadsheet that keeps the records (bridging; digital link kept with the import). */
export const boxTotalInputSchema = z.object({
  kind: z.literal('boxTotal'),
  date: isoDate,
  description,
  box: enterableBoxSchema,
  amountPence: pence,
});

export const vatRecordInputSchema = z.discriminatedUnion('kind', [
  transactionInputSchema,
  adjustmentInputSchema,
  boxTotalInputSchema,
]);
export type VatRecordInput = z.infer<typeof vatRecordInputSchema>;

/** A record as kept: what was entered, with its own id, VRN and time (its reply schema is in ./replies). */
export type VatRecord = VatRecordInput & {
  id: string;
  vrn: string;
  createdAt: string;
  /** The import and row it came from, if any (the digital link). */
  source: { importId: string; row: number } | null;
};

export const createRecordBodySchema = z.intersection(z.object({ vrn: vrnSchema }), vatRecordInputSchema);
export const recordListQuerySchema = z.object({ vrn: vrnSchema, from: isoDate, to: isoDate });

// --- flat rate scheme -----------------------------------------------------------------------

/** A percentage in tenths of a per cent (14.5% = 145), so rates stay whole numbers. */
export const rateTenthsSchema = z.number().int().min(0).max(1000);

export const flatRateSettingsSchema = z.object({
  /** HMRC's frsCategory code, 001-055 (docs/reference/vat-rules.md §2.8). */
  sector: z.string().regex(/^0[0-5]\d$/, { message: 'Choose a trade sector' }),
  /** The sector's rate, or the one HMRC gave the business, in tenths of a per cent. */
  rateTenths: rateTenthsSchema,
  /** The last day of the 1% first-year reduction (the day before the first anniversary of registration), if any. */
  firstYearUntil: isoDate.nullable(),
  /** Apply the limited cost trader test each period (docs/reference/vat-rules.md §2.5). */
  limitedCostTest: z.boolean().default(true),
});
export type FlatRateSettings = z.infer<typeof flatRateSettingsSchema>;

// --- starting and working on a return -------------------------------------------------------

/** docs/reference/product.md §7: POST /initiate_vat_return, with the product reference's field names. */
export const initiateReturnBodySchema = z.object({
  user_id: z.string().trim().min(1).max(64).optional(),
  user_vrn: vrnSchema,
  period_key: z.string().regex(/^[#0-9A-Z]{4}$/, { message: 'A period key is 4 characters' }),
  flat_rate_scheme: z.boolean().default(false),
  /** A percentage such as 14.5, when on the flat rate scheme. */
  flat_rate_percentage: z
    .number()
    .min(0)
    .max(100)
    .refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, {
      message: 'A flat rate has at most one decimal place, such as 14.5',
    })
    .nullable()
    .optional(),
  flat_rate_sector: z
    .string()
    .regex(/^0[0-5]\d$/)
    .optional(),
});

export const updateDraftBodySchema = z.object({ flatRate: flatRateSettingsSchema.nullable() });

/**
 * Where a return stands. 'filed_elsewhere': HMRC holds a return for the period with other figures
 * than ours (other software filed it); ours was not filed and is kept as it was.
 */
export const returnStatuses = ['draft', 'submitting', 'unknown', 'submitted', 'failed', 'filed_elsewhere'] as const;
export type ReturnStatus = (typeof returnStatuses)[number];

export interface Contribution {
  recordId: string;
  /** What this record adds to the box, in pence (before boxes 6-9 drop their pence). */
  amountPence: number;
  /** The record's date and description, sent with a box's first lines so it reads without the records list. */
  date?: string;
  description?: string;
}

export interface BoxProblem {
  box: BoxNumber;
  code: 'OUT_OF_RANGE' | 'NOT_WHOLE_POUNDS' | 'TOTAL_MISMATCH' | 'NET_MISMATCH' | 'NEGATIVE_NET';
  message: string;
}

export interface BoxWarning {
  code: string;
  /** The boxes it is about. */
  boxes: BoxNumber[];
  /** In English: the screen words it from `code` and `params` in the user's language. */
  message: string;
  /**
   * The message's figures: names ending in `Pence` are amounts, in `Pounds` whole-pound box
   * figures (in pence), `count` a number of records or boxes, `from`/`to` dates (YYYY-MM-DD).
   */
  params?: Record<string, number | string>;
}

/** How the flat rate scheme filled box 1 (shown as the working). */
export interface FlatRateWorking {
  turnoverIncVatPence: number;
  relevantGoodsIncVatPence: number;
  /** The limited cost test's bar: max(2% of turnover, £1,000 × months / 12). */
  specifiedAmountPence: number;
  limitedCost: boolean;
  /** Each part of the period at its own rate (the first-year reduction can end mid-period). */
  parts: { from: string; to: string; turnoverIncVatPence: number; rateTenths: number }[];
  flatRateVatPence: number;
  outsideSchemeVatPence: number;
}

export interface ComputedReturn {
  boxes: NineBoxes;
  /** Which records add how much to each box: all of them, or the first of them in an API answer. */
  contributions: Record<BoxKey, Contribution[]>;
  /** How many records add to each box (whole, even when contributions holds only the first). */
  contributionCounts: Record<BoxKey, number>;
  problems: BoxProblem[];
  warnings: BoxWarning[];
  flatRate: FlatRateWorking | null;
  /** Under cash accounting (set by the server from the business's schemes; absent otherwise). */
  cashAccounting?: CashAccountingWorking | null;
}

/** What cash accounting changed in a return (VAT Notice 731). */
export interface CashAccountingWorking {
  /** Sales and purchases count when paid if invoiced from this day (earlier ones were in invoice-basis returns). */
  invoicedFrom: string;
  /** Sales and purchases invoiced by the period's end but not paid in it: not in this return. */
  unpaidRecords: number;
  /** The business's last day on the scheme, when in this period: its unpaid invoices are in this return. */
  leavesOn: string | null;
  /** Taxable turnover (sales at standard, reduced and zero rates, net) in the 12 months to the period's end. */
  yearTurnoverPence: number;
}

/**
 * How far an import has got, sent to its user over the live channel while it runs: reading the
 * file, then recording its records (`done` of `total`), then done or failed.
 */
export interface ImportProgress {
  draftId: string;
  fileName: string;
  stage: 'reading' | 'recording' | 'done' | 'failed';
  done: number;
  total: number;
}

export const submitReturnBodySchema = z.object({
  /** The draft's idempotency key: the same submission, however often it is asked for. */
  idempotencyKey: z.string().uuid(),
  declarationAccepted: z.literal(true, { message: 'Tick the declaration to submit the return' }),
});

/** HMRC's legal declaration, shown and ticked before a return is sent (docs/reference/hmrc-vat-api.md §3.5). */
export const declarationText =
  'When you submit this VAT information you are making a legal declaration that the information is true and complete. A false declaration can result in prosecution.';

export interface Receipt {
  vrn: string;
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  /** The figures sent, in pence. */
  boxes: NineBoxes;
  processingDate: string | null;
  formBundleNumber: string | null;
  paymentIndicator: 'DD' | 'BANK' | null;
  chargeRefNumber: string | null;
  correlationId: string | null;
  receiptId: string | null;
  receiptTimestamp: string | null;
  /** The fraud prevention headers sent with it. */
  fraudHeaders: Record<string, string>;
  submittedAt: string;
  /** Who confirmed the declaration; `agentArn` when they filed as the business's tax agent. */
  submittedBy: { id: string; email: string; name: string; agentArn?: string | null };
  /** 'response': HMRC's own answer; 'returnView': the answer was lost, HMRC's records show the return. */
  confirmedBy: 'response' | 'returnView';
  /** Who prepared, reviewed and (the client) approved the figures filed; absent on receipts made before. */
  approvals?: ReceiptApprovals;
}

/** Each approval that stood for the very figures filed; null when there was none. */
export interface ReceiptApprovals {
  /** Who marked the return ready (else the one who filed prepared it). */
  preparedBy: { name: string; at: string } | null;
  /** The practice's reviewer who approved these figures. */
  reviewedBy: { name: string; at: string } | null;
  /** The client, through their link: the name they typed and the address the link was sent to. */
  client: { name: string; at: string; email: string | null } | null;
}

export interface FiledElsewhere {
  /** HMRC's figures for the period, in pence, as its return view gave them. */
  hmrcBoxes: NineBoxes;
  /** What VAT Wise sent or was about to send, in pence. */
  ourBoxes: NineBoxes;
  /** When VAT Wise found HMRC's return. */
  foundAt: string;
}

export interface ReturnDraft {
  id: string;
  vrn: string;
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  due: string;
  status: ReturnStatus;
  idempotencyKey: string;
  flatRate: FlatRateSettings | null;
  createdAt: string;
  updatedAt: string;
  lastError: { message: string; code: string | null; hmrcCodes: string[] } | null;
  receipt: Receipt | null;
  /** When HMRC holds another return for the period: its figures beside the ones we would have sent. */
  filedElsewhere: FiledElsewhere | null;
  /** Worked out from the records of the period (absent once submitted: the receipt holds the figures). */
  computed: ComputedReturn | null;
  /** Where it stands in the workspace's review before filing (a practice may require approval). */
  review: ReturnReview;
  /** Where the client's approval through their link stands (absent where not worked out, as in lists). */
  clientApproval?: ClientApproval;
  /** The business's schemes in effect for any day of the period (see schemes.ts). */
  schemes: VatSchemeKind[];
}

// --- imports (bridging) ---------------------------------------------------------------------

export const importKinds = ['transactions', 'boxTotals'] as const;
export type ImportKind = (typeof importKinds)[number];

/** Which column of the file holds each field (by the header's text). */
export const transactionMappingSchema = z.object({
  date: z.string().min(1),
  description: z.string().min(1),
  net: z.string().min(1),
  vat: z.string().min(1),
  /** Sale or purchase; without it every row is of `defaultKind`. */
  kind: z.string().nullable().default(null),
  defaultKind: z.enum(['sale', 'purchase']).default('sale'),
  /** standard/reduced/zero/exempt/outside; without it the rate is read from VAT ÷ net. */
  rate: z.string().nullable().default(null),
  /**
   * The payment date, for cash accounting; an empty cell is unpaid. Defaults to null so a mapping
   * remembered before this column existed still reads.
   */
  paidOn: z.string().nullable().default(null),
});
export type TransactionMapping = z.infer<typeof transactionMappingSchema>;

export const boxTotalsMappingSchema = z.object({ box: z.string().min(1), amount: z.string().min(1) });
export type BoxTotalsMapping = z.infer<typeof boxTotalsMappingSchema>;

/**
 * What is sent beside an imported file. An import travels as multipart/form-data: these fields
 * (`mapping` as JSON text), then the file itself as the part named importFilePart, carrying its
 * name. Raw bytes, not base64 in JSON: the server never parses a 20 MB string on its event loop.
 */
export const importFieldsSchema = z.object({
  vrn: vrnSchema,
  draftId: z.string().min(1),
  kind: z.enum(importKinds),
  mapping: z.union([transactionMappingSchema, boxTotalsMappingSchema]).optional(),
});
export type ImportFields = z.infer<typeof importFieldsSchema>;

/** The form part that holds the file of an import. */
export const importFilePart = 'file';

/** An imported file's name as the server keeps it. */
export const importFileNameSchema = z.string().trim().min(1).max(255);

export interface ImportProblem {
  /** 1-based row number as a spreadsheet shows it (the header is row 1); null for the whole file. */
  row: number | null;
  column: string | null;
  message: string;
}

export interface ImportPreview {
  fileName: string;
  sizeBytes: number;
  sha256: string;
  columns: string[];
  /** The mapping used: the one sent, the one remembered for this VRN, or a guess from the headers. */
  mapping: TransactionMapping | BoxTotalsMapping | null;
  /** The first records the file would import (importPreviewSample.records of them at most). */
  records: VatRecordInput[];
  /** Row numbers of those records, in the same order. */
  rows: number[];
  /** How many records the whole file would import. */
  recordCount: number;
  /** The first problems (importPreviewSample.problems of them at most), in row order. */
  problems: ImportProblem[];
  /** How many problems the whole file has. */
  problemCount: number;
}

/** What POST /api/vat_imports answers: the import as stored, and how many records it added. */
export interface ImportResult {
  import: ImportRecord;
  recordCount: number;
}

export interface ImportRecord {
  id: string;
  draftId: string;
  kind: ImportKind;
  fileName: string;
  sizeBytes: number;
  sha256: string;
  /**
   * The file's rows that became records, as runs of consecutive rows [first, last] in order: a
   * year of daily takings is one run, where a list of its row numbers was 600 KB.
   */
  rowRuns: [number, number][];
  /** How many of the file's rows became records. */
  rowCount: number;
  importedAt: string;
}

/** Row numbers as runs of consecutive rows [first, last], in order, each row once. */
export function rowRunsOf(rows: readonly number[]): [number, number][] {
  const sorted = [...new Set(rows)].sort((a, b) => a - b);
  const runs: [number, number][] = [];
  for (const row of sorted) {
    const last = runs.at(-1);
    if (last && row === last[1] + 1) last[1] = row;
    else runs.push([row, row]);
  }
  return runs;
}
