import {
  boxKey,
  boxNumbers,
  type CashBasis,
  cashAccountingWarnings,
  cashBasisFor,
  type ComputedReturn,
  computeReturn,
  computeReturnOfGroups,
  decideErrorCorrection,
  type ErrorCorrection,
  type ErrorCorrectionWorking,
  type NineBoxes,
  periodPartEnds,
  type RecordGroup,
  taxableTurnoverOfGroups,
  yearTo,
} from '@vatwise/domain';
import { correctionGroupsOf, correctionLinesOf } from '../error-corrections/corrections';
import type { ErrorCorrectionRepo } from '../error-corrections/repo';
import type { RecordRepo } from '../records/repo';
import { filedElsewhereOf, flatRateOf, type ReturnRow } from '../return-row';
import type { VatSchemeRepo } from '../schemes/repo';
import type { SubmissionRepo } from '../submission/repo';
import type { Figures } from './comparison';

/**
 * A return's boxes (computeReturnOfGroups) with the errors found in it and the method they take, and
 * how its period counts records (cash accounting: by payment date), read once for all of them.
 */
export type ReturnBoxes = ReturnType<typeof computeReturnOfGroups> & {
  corrections: ErrorCorrection[];
  correctionWorking: ErrorCorrectionWorking;
  cash: CashBasis | null;
};

export interface ReturnFiguresDeps {
  records: RecordRepo;
  /** Errors found in earlier returns, kept per return (VAT Notice 700/45). */
  errorCorrections: Pick<ErrorCorrectionRepo, 'list'>;
  /** The business's VAT schemes, each from a date (cash accounting changes which records count). */
  schemes: Pick<VatSchemeRepo, 'schemes'>;
  submissions: Pick<SubmissionRepo, 'receipt'>;
}

/**
 * A return's figures worked out from its records, the one way every sub-slice gets them: the
 * screen, the records' box filter, the review, the checks, the audit report and the submission.
 */
export class ReturnFigures {
  constructor(private readonly deps: ReturnFiguresDeps) {}

  /**
   * The return's boxes from its records, grouped and summed by the database (computeReturnOfGroups:
   * the same figures as the records one by one), and which records' box facts add to each box.
   */
  async boxesOf(row: ReturnRow): Promise<ReturnBoxes> {
    const period = { start: row.period_start, end: row.period_end };
    const flatRate = flatRateOf(row);
    const cash = await this.cashOf(row);
    const groups = await this.deps.records.boxGroups(
      row.owner_id,
      row.vrn,
      period.start,
      period.end,
      periodPartEnds(period, flatRate),
      cash,
    );
    const fromRecords = computeReturnOfGroups(groups, period, flatRate);
    // Errors found in earlier periods: within the limit (method 1) they move boxes 1 and 4 as
    // adjustments would; box 6, which sets the limit, is the records' alone either way.
    const corrections = await this.deps.errorCorrections.list(row.owner_id, row.id);
    const correctionWorking = decideErrorCorrection(corrections, fromRecords.computed.boxes.box6);
    if (correctionWorking.method !== 'return') return { ...fromRecords, corrections, correctionWorking, cash };
    const withCorrections: RecordGroup[] = [...groups, ...corrections.flatMap(correctionGroupsOf)];
    return { ...computeReturnOfGroups(withCorrections, period, flatRate), corrections, correctionWorking, cash };
  }

  /**
   * The return's boxes, with each box's first `perBox` lines (the records that add to it first in
   * the day book, with their dates and descriptions): the screen's view of a period of any size.
   */
  async computedWithLines(row: ReturnRow, perBox: number): Promise<ComputedReturn> {
    const { computed, keysByBox, corrections, correctionWorking, cash } = await this.boxesOf(row);
    const period = { start: row.period_start, end: row.period_end };
    const correctionLines = correctionWorking.method === 'return' ? correctionLinesOf(corrections) : null;
    const flatRate = flatRateOf(row);
    const contributions = { ...computed.contributions };
    for (const box of boxNumbers) {
      const key = boxKey(box);
      const records = await this.deps.records.recordsWithKeys(
        row.owner_id,
        row.vrn,
        { from: period.start, to: period.end, cash },
        keysByBox[key],
        perBox,
      );
      const described = new Map(records.map((record) => [record.id, record]));
      contributions[key] = computeReturn(records, period, flatRate, cash).contributions[key].map((line) => ({
        ...line,
        date: described.get(line.recordId)?.date,
        description: described.get(line.recordId)?.description,
      }));
      // The errors corrected on the return come first: a box of many records still shows them.
      if (correctionLines) contributions[key] = [...correctionLines[key], ...contributions[key]];
    }
    return { ...computed, contributions, ...(cash ? await this.underCashAccounting(row, cash, computed) : {}) };
  }

  /** How the return's period is counted: by payment date when the business is on cash accounting for it. */
  async cashOf(row: ReturnRow): Promise<CashBasis | null> {
    const schemes = await this.deps.schemes.schemes(row.owner_id, row.vrn);
    return cashBasisFor(schemes, { start: row.period_start, end: row.period_end });
  }

  /**
   * What cash accounting adds to a return's screen: how many invoices wait for payment, and warnings
   * when the last 12 months' taxable turnover passes the scheme's limits (docs/reference/vat-rules.md §3.6) or the
   * flat rate scheme is on too (the two cannot be used together).
   */
  async underCashAccounting(
    row: ReturnRow,
    cash: CashBasis,
    computed: ComputedReturn,
  ): Promise<Pick<ComputedReturn, 'cashAccounting' | 'warnings'>> {
    const year = yearTo(row.period_end);
    // The year's sales by invoice date, grouped by the database as a return's records are.
    const yearGroups = await this.deps.records.boxGroups(row.owner_id, row.vrn, year.from, year.to, []);
    const yearTurnoverPence = taxableTurnoverOfGroups(yearGroups);
    return {
      cashAccounting: {
        invoicedFrom: cash.invoicedFrom,
        leavesOn: cash.leavesOn,
        unpaidRecords: await this.deps.records.unpaidCount(row.owner_id, row.vrn, row.period_end, cash),
        yearTurnoverPence: Number(yearTurnoverPence),
      },
      warnings: [
        ...computed.warnings,
        ...cashAccountingWarnings({ yearTurnoverPence, year, flatRate: flatRateOf(row) !== null }),
      ],
    };
  }

  /**
   * A return's figures: a submitted return's receipt, HMRC's figures for one filed elsewhere, the
   * figures sent while the outcome is unknown, else (a draft) as its records give them now.
   */
  async figuresOf(row: ReturnRow): Promise<Figures> {
    if (row.status === 'submitted') {
      const receipt = await this.deps.submissions.receipt(row.id);
      if (receipt) return { source: 'submitted', boxes: receipt.boxes };
    }
    const elsewhere = filedElsewhereOf(row);
    if (elsewhere) return { source: 'filedElsewhere', boxes: elsewhere.hmrcBoxes };
    if ((row.status === 'submitting' || row.status === 'unknown') && row.sent_boxes) {
      return { source: 'sent', boxes: JSON.parse(row.sent_boxes) as NineBoxes };
    }
    return { source: 'draft', boxes: (await this.boxesOf(row)).computed.boxes };
  }
}
