import {
  type EnterableBox,
  type ImportKind,
  type ImportProblem,
  type TransactionMapping,
  type BoxTotalsMapping,
  type VatRateKind,
  type VatRecordInput,
  enterableBoxes,
  formatGbp,
} from '@vatwise/domain';
import { type CellResult, type CellValue, cellText, formatLongDate, isBlank, parseAmount, parseDate } from './cells';
import { type ImportMapping, checkMapping, isTransactionMapping } from './mapping';
import type { Table, TableRow } from './read-table';

/**
 * The rows of a table as VAT records. Every row is checked on its own: a good row becomes a record
 * (with its row number, the digital link), a bad one becomes problems that name its row and column
 * and say what to fix. Whether to go ahead while problems remain is the caller's decision.
 */

export interface ImportPeriod {
  start: string;
  end: string;
  /**
   * The return is on cash accounting: a row invoiced before the period but paid in it belongs to
   * it (VAT Notice 731), so its earlier invoice date is accepted when its payment date is in the period.
   */
  cashAccounting?: boolean;
}

export interface ParsedRecords {
  records: VatRecordInput[];
  /** The row each record came from, in the same order. */
  rows: number[];
  problems: ImportProblem[];
}

/** At most this many problems are listed, the last one saying how many more there are. */
export const maxProblems = 200;

const maxDescription = 200;

export function parseRecords(
  kind: ImportKind,
  table: Table,
  mapping: ImportMapping,
  period: ImportPeriod,
  fileName: string,
): ParsedRecords {
  const mappingProblems = checkMapping(kind, mapping, table.columns);
  if (mappingProblems.length > 0) return { records: [], rows: [], problems: mappingProblems };
  if (table.rows.length === 0) {
    return {
      records: [],
      rows: [],
      problems: [
        { row: null, column: null, message: 'The file has column headings but no rows of records under them' },
      ],
    };
  }
  const records: VatRecordInput[] = [];
  const rows: number[] = [];
  const problems: ImportProblem[] = [];
  for (const tableRow of table.rows) {
    const rowProblems: ImportProblem[] = [];
    const report = (column: string, reason: string) =>
      rowProblems.push({
        row: tableRow.row,
        column,
        message: `Row ${tableRow.row}, column "${column}"${reason.startsWith('is ') ? ' ' : ': '}${reason}`,
      });
    const record = isTransactionMapping(mapping)
      ? transaction(tableRow, mapping, period, fileName, report)
      : boxTotal(tableRow, mapping as BoxTotalsMapping, period, fileName, report);
    if (record && rowProblems.length === 0) {
      records.push(record);
      rows.push(tableRow.row);
    }
    problems.push(...rowProblems);
  }
  return { records, rows, problems: capProblems(problems) };
}

export function capProblems(problems: ImportProblem[]): ImportProblem[] {
  if (problems.length <= maxProblems) return problems;
  const kept = problems.slice(0, maxProblems - 1);
  const more = problems.length - kept.length;
  return [...kept, { row: null, column: null, message: `and ${more} more problems` }];
}

type Report = (column: string, reason: string) => void;

type TransactionInput = Extract<VatRecordInput, { kind: 'sale' | 'purchase' }>;

const cell = (row: TableRow, column: string): CellValue =>
  Object.hasOwn(row.cells, column) ? (row.cells[column] ?? null) : null;

const shorten = (text: string) => (text.length > maxDescription ? `${text.slice(0, maxDescription - 1)}…` : text);

// --- transactions ---------------------------------------------------------------------------

const kindWords: Record<string, 'sale' | 'purchase'> = {
  sale: 'sale',
  sales: 'sale',
  income: 'sale',
  s: 'sale',
  out: 'sale',
  purchase: 'purchase',
  purchases: 'purchase',
  expense: 'purchase',
  expenses: 'purchase',
  p: 'purchase',
  in: 'purchase',
};

const rateWords: Record<string, VatRateKind> = {
  standard: 'standard',
  s: 'standard',
  sr: 'standard',
  t1: 'standard',
  reduced: 'reduced',
  r: 'reduced',
  rr: 'reduced',
  t5: 'reduced',
  zero: 'zero',
  z: 'zero',
  zr: 'zero',
  t0: 'zero',
  exempt: 'exempt',
  e: 'exempt',
  t2: 'exempt',
  outside: 'outsideScope',
  'outside scope': 'outsideScope',
  'outside the scope': 'outsideScope',
  'out of scope': 'outsideScope',
  o: 'outsideScope',
  'no vat': 'outsideScope',
  'non vat': 'outsideScope',
  t9: 'outsideScope',
};

const percentRates: Record<string, VatRateKind> = { '20': 'standard', '5': 'reduced', '0': 'zero' };
const ratePercent: Partial<Record<VatRateKind, number>> = { standard: 20, reduced: 5 };
const rateNames: Record<VatRateKind, string> = {
  standard: 'standard',
  reduced: 'reduced',
  zero: 'zero',
  exempt: 'exempt',
  outsideScope: 'outside the scope of VAT',
};

/** 'Standard rated', '20%', 'T1', or an XLSX percentage cell (0.2) → 'standard'; undefined when unknown. */
export function parseRate(value: CellValue): VatRateKind | undefined {
  if (typeof value === 'number') {
    const percent = Math.abs(value) < 1 && value !== 0 ? Math.round(value * 10_000) / 100 : value;
    return percentRates[String(percent)];
  }
  if (typeof value !== 'string') return undefined;
  const text = value
    .toLowerCase()
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/ (rated|rate)$/, '');
  const percent = /^(\d+)(?:\.0+)?\s*%?$/.exec(text);
  if (percent) return percentRates[String(Number(percent[1]))];
  return rateWords[text];
}

export function parseKind(value: string): 'sale' | 'purchase' | undefined {
  return kindWords[value.trim().toLowerCase()];
}

/** |VAT − net × percent| ≤ 1p, in whole numbers. */
function withinPenny(netPence: number, vatPence: number, percent: number): boolean {
  return Math.abs(vatPence * 100 - netPence * percent) <= 100;
}

/** Within 1p, or within 1% of the VAT the rate gives (rounding over an invoice's lines). */
function fitsRate(netPence: number, vatPence: number, percent: number): boolean {
  const difference = Math.abs(vatPence * 100 - netPence * percent);
  return difference <= 100 || difference * 100 <= Math.abs(netPence * percent);
}

function transaction(
  row: TableRow,
  mapping: TransactionMapping,
  period: ImportPeriod,
  fileName: string,
  report: Report,
): VatRecordInput | null {
  const dateCell = cell(row, mapping.date);
  const date = parseDate(dateCell);
  const paid = mapping.paidOn === null ? notPaid : paymentDate(row, mapping.paidOn, report);
  const paidInPeriod = paid.ok && paid.value !== null && paid.value >= period.start && paid.value <= period.end;
  if (!date.ok) report(mapping.date, date.reason);
  else if (date.value > period.end || (date.value < period.start && !(period.cashAccounting && paidInPeriod))) {
    const when = `${formatLongDate(period.start)} to ${formatLongDate(period.end)}`;
    report(
      mapping.date,
      period.cashAccounting && date.value < period.start
        ? `${cellText(dateCell)} is before this return's period (${when}) and the row was not paid in it: under cash accounting an earlier invoice belongs here only once it is paid in the period`
        : `${cellText(dateCell)} is outside this return's period (${when})`,
    );
  }

  let kind: 'sale' | 'purchase' | undefined = mapping.defaultKind;
  if (mapping.kind !== null) {
    const kindCell = cell(row, mapping.kind);
    kind = kindCell === null ? undefined : parseKind(cellText(kindCell));
    if (kindCell === null) report(mapping.kind, 'is empty: write Sale or Purchase');
    else if (!kind) {
      report(mapping.kind, `"${cellText(kindCell)}" is not sale or purchase: write Sale or Purchase (or S or P)`);
    }
  }

  const net = parseAmount(cell(row, mapping.net));
  if (!net.ok) report(mapping.net, net.reason);
  const vat = parseAmount(cell(row, mapping.vat));
  if (!vat.ok) report(mapping.vat, vat.reason);

  let rate: VatRateKind | undefined;
  if (mapping.rate !== null) {
    const rateCell = cell(row, mapping.rate);
    rate = parseRate(rateCell);
    if (rateCell === null) {
      report(mapping.rate, 'is empty: write the VAT rate (standard, reduced, zero, exempt or outside scope)');
    } else if (!rate) {
      report(
        mapping.rate,
        `"${cellText(rateCell)}" is not a VAT rate: write standard (20%), reduced (5%), zero (0%), exempt or outside scope`,
      );
    } else if (net.ok && vat.ok) {
      checkVatFitsRate(rate, net.value, vat.value, mapping.vat, report);
    }
  } else if (net.ok && vat.ok) {
    rate = inferRate(net.value, vat.value);
    if (!rate) {
      report(
        mapping.vat,
        `${formatGbp(vat.value)} is neither 20% nor 5% of the net ${formatGbp(net.value)}, so the VAT rate cannot be worked out: add a column with each row's VAT rate and choose it as the rate column`,
      );
    }
  }

  if (!date.ok || !kind || !net.ok || !vat.ok || !rate || !paid.ok) return null;
  const description = cellText(cell(row, mapping.description));
  const record: TransactionInput = {
    kind,
    date: date.value,
    description: shorten(description || `Row ${row.row} of ${fileName}`),
    netPence: net.value,
    vatPence: vat.value,
    rate,
    treatment: 'normal',
  };
  // Only with a payment column: records imported without one stay as they were (no paidOn).
  if (mapping.paidOn !== null) record.paidOn = paid.value;
  return record;
}

const notPaid: CellResult<string | null> = { ok: true, value: null };

/**
 * The day a row was paid, read as the invoice date is (any of its formats); an empty cell is not
 * paid yet (null), and a bad date is reported. A payment before the invoice date (a deposit) is
 * kept: under cash accounting VAT is due when the customer pays (VAT Notice 731; docs/reference/vat-rules.md §3.6),
 * and the record form allows it too.
 */
function paymentDate(row: TableRow, column: string, report: Report): CellResult<string | null> {
  const paidCell = cell(row, column);
  if (isBlank(paidCell)) return notPaid;
  const paid = parseDate(paidCell);
  if (!paid.ok) report(column, `${paid.reason}; leave the cell empty if it is not paid yet`);
  return paid;
}

function inferRate(netPence: number, vatPence: number): VatRateKind | undefined {
  if (vatPence === 0) return 'zero';
  if (withinPenny(netPence, vatPence, 20)) return 'standard';
  if (withinPenny(netPence, vatPence, 5)) return 'reduced';
  return undefined;
}

function checkVatFitsRate(rate: VatRateKind, netPence: number, vatPence: number, column: string, report: Report) {
  const percent = ratePercent[rate];
  if (percent === undefined) {
    if (vatPence !== 0) {
      report(
        column,
        `the rate is ${rateNames[rate]} but the VAT is ${formatGbp(vatPence)}: there is no VAT at that rate, so correct the VAT or the rate`,
      );
    }
    return;
  }
  if (!fitsRate(netPence, vatPence, percent)) {
    report(
      column,
      `${formatGbp(vatPence)} is not ${percent}% of the net ${formatGbp(netPence)} (that would be ${formatGbp(Math.round((netPence * percent) / 100))}): correct the VAT, the net amount or the rate`,
    );
  }
}

// --- box totals -----------------------------------------------------------------------------

const worked = {
  3: 'box 3 (total VAT due) is worked out by VAT Wise from boxes 1 and 2, so it cannot be imported: delete this row',
  5: 'box 5 (net VAT to pay or reclaim) is worked out by VAT Wise from boxes 3 and 4, so it cannot be imported: delete this row',
} as const;

const boxList = '1, 2, 4, 6, 7, 8 or 9';

function parseBox(value: CellValue): { ok: true; box: number } | { ok: false; reason: string } {
  if (value === null) return { ok: false, reason: `is empty: write the box number (${boxList})` };
  const text = cellText(value);
  const plain = /^(\d+)(?:\.0+)?$/.exec(text) ?? /^box\s*(\d+)(?![\d.])/i.exec(text);
  if (typeof value === 'boolean' || value instanceof Date || !plain) {
    return { ok: false, reason: `"${text}" is not a box number: write ${boxList}` };
  }
  return { ok: true, box: Number(plain[1]) };
}

const wholePounds = (pence: number) => formatGbp(pence).replace(/\.00$/, '');

function boxTotal(
  row: TableRow,
  mapping: BoxTotalsMapping,
  period: ImportPeriod,
  fileName: string,
  report: Report,
): VatRecordInput | null {
  const parsedBox = parseBox(cell(row, mapping.box));
  let box: EnterableBox | undefined;
  if (!parsedBox.ok) report(mapping.box, parsedBox.reason);
  else if (parsedBox.box === 3 || parsedBox.box === 5) report(mapping.box, worked[parsedBox.box]);
  else if (!(enterableBoxes as readonly number[]).includes(parsedBox.box)) {
    report(mapping.box, `${parsedBox.box} is not a box of the VAT return: write ${boxList}`);
  } else box = parsedBox.box as EnterableBox;

  const amount = parseAmount(cell(row, mapping.amount));
  if (!amount.ok) report(mapping.amount, amount.reason);
  else if (box !== undefined && box >= 6 && amount.value % 100 !== 0) {
    const pounds = Math.trunc(amount.value / 100) * 100;
    report(
      mapping.amount,
      `box ${box} is in whole pounds, but ${formatGbp(amount.value)} has pence: write ${wholePounds(pounds)}, leaving out the pence`,
    );
  }
  if (box === undefined || !amount.ok) return null;
  return {
    kind: 'boxTotal',
    date: period.end,
    description: shorten(`Box ${box} total from ${fileName}`),
    box,
    amountPence: amount.value,
  };
}
