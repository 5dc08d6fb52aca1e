import { setImmediate } from 'node:timers/promises';
import {
  boxExplanations,
  boxKey,
  type BoxKey,
  boxNumbers,
  type CashBasis,
  computeReturn,
  type Contribution,
  type EnterableBox,
  enterableBoxes,
  type FlatRateSettings,
  type NineBoxes,
  penceToDecimalText,
  type VatRecord,
  ukLocale,
} from '@vatwise/domain';
import type { AssistRecord } from '../assist/service';
import { assistSummary, messageLines, writeAssistSection } from './assist-summary';
import { pdfDate, pdfField, pdfGbp, startPdf } from './pdf';
import type { ImportRepo } from '../imports/repo';
import type { RecordRepo } from '../records/repo';
import type { ReturnRow } from '../return-row';

/**
 * The VAT audit report of a return: every box down to the records that make it
 * up, as a CSV streamed page by page (any number of records, little memory, the event loop let go
 * between pages) and as a PDF of the same with each box's first lines.
 *
 * Each line is one record's amount in one box: a record in two boxes (a sale: box 1 and box 6) has
 * two lines. A box's lines add up to the box before boxes 6-9 drop their pence; boxes 3 and 5 are
 * worked out from the others and have none. On the flat rate scheme box 1's flat rate VAT belongs to
 * no single record: it is one line of its own.
 */

export interface AuditHeader {
  vrn: string;
  periodKey: string;
  periodStart: string;
  periodEnd: string;
  status: string;
  /** The nine boxes as the records give them now. */
  boxes: NineBoxes;
  /** The figures HMRC holds for the return (sent by us, or filed elsewhere), when it was filed. */
  filed: NineBoxes | null;
  /** How many lines each box has (records, and the flat rate line). */
  lineCounts: Record<BoxKey, number>;
  /** On the flat rate scheme, the flat rate VAT in box 1. */
  flatRateVatPence: number | null;
  /** HMRC Assist's report on these figures, or why there is none (assist-summary.ts). */
  assist?: AssistRecord | null;
}

export interface AuditLine {
  box: EnterableBox;
  /** null for a line that is not a record: the flat rate VAT, or an earlier period's error corrected here. */
  record: VatRecord | null;
  /** What a line that is not a record is. */
  other?: { date: string; description: string; kind: 'flatRate' | 'errorCorrection' };
  /** What it adds to the box, in pence. */
  amountPence: number;
  /** The imported file it came from (the digital link), if any. */
  importFile: string | null;
}

const flatRateLine = 'Flat rate VAT on the period’s turnover';

/** Records read at a time: a page is parsed and written before the next is asked for. */
const pageSize = 1_000;

/**
 * The report's lines, box by box, each box's records in day-book order; at most `perBox` lines a
 * box. `keysByBox`: the box facts that add to each box (computeReturnOfGroups).
 */
export async function* auditLines(
  repos: { records: Pick<RecordRepo, 'recordsWithKeysAfter'>; imports: Pick<ImportRepo, 'importFileNames'> },
  row: ReturnRow,
  flatRate: FlatRateSettings | null,
  keysByBox: Record<BoxKey, string[]>,
  header: AuditHeader,
  /** How the period counts records (cash accounting: by payment date), and the lines of errors corrected on it. */
  counting: { cash: CashBasis | null; corrections: Record<BoxKey, Contribution[]> | null },
  perBox = Number.POSITIVE_INFINITY,
): AsyncGenerator<AuditLine> {
  const period = { start: row.period_start, end: row.period_end };
  const { cash, corrections } = counting;
  const importFiles = await repos.imports.importFileNames(row.owner_id, row.vrn);
  for (const box of enterableBoxes) {
    const key = boxKey(box);
    let count = 0;
    if (box === 1 && header.flatRateVatPence !== null) {
      const other = { date: '', description: flatRateLine, kind: 'flatRate' as const };
      yield { box, record: null, other, amountPence: header.flatRateVatPence, importFile: null };
      count += 1;
    }
    for (const line of corrections?.[key] ?? []) {
      if (count >= perBox) break;
      const other = { date: line.date ?? '', description: line.description ?? '', kind: 'errorCorrection' as const };
      yield { box, record: null, other, amountPence: line.amountPence, importFile: null };
      count += 1;
    }
    let after = null;
    while (count < perBox) {
      const limit = Math.min(pageSize, perBox - count);
      const records = await repos.records.recordsWithKeysAfter(
        row.owner_id,
        row.vrn,
        { from: period.start, to: period.end, cash },
        keysByBox[key],
        after,
        limit,
      );
      // Each record's own amounts in the box, worked out as the boxes were.
      const amounts = new Map(
        computeReturn(records, period, flatRate, cash).contributions[key].map((line) => [
          line.recordId,
          line.amountPence,
        ]),
      );
      for (const record of records) {
        const amountPence = amounts.get(record.id);
        if (amountPence === undefined) continue;
        count += 1;
        yield {
          box,
          record,
          amountPence,
          importFile: record.source ? (importFiles.get(record.source.importId) ?? null) : null,
        };
      }
      const last = records.at(-1);
      if (!last || records.length < limit) break;
      after = { date: last.date, createdAt: last.createdAt, importRow: last.source?.row ?? 0, id: last.id };
      await setImmediate();
    }
  }
}

// --- CSV ----------------------------------------------------------------------------------------

/** RFC 4180 quoting; a cell that a spreadsheet would run as a formula made inert (as the web app's CSVs). */
function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^[+-]?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const csvLine = (cells: (string | number | null | undefined)[]) => `${cells.map(cell).join(',')}\r\n`;
const decimal = (pence: number | null | undefined) =>
  pence === null || pence === undefined ? '' : penceToDecimalText(pence);

/** The columns of the report's lines, after its header block. */
export const auditLineColumns = [
  'Box',
  'Record date',
  'Description',
  'Kind',
  'Rate',
  'Treatment',
  'Net',
  'VAT',
  'Adds to box',
  'Import file',
  'Import row',
  'Record ID',
] as const;

/** HMRC Assist's part of the CSV's header block: whether it was consulted, and its messages verbatim. */
function* assistCsv(record: AssistRecord | null): Generator<string> {
  const summary = assistSummary(record);
  yield csvLine(['HMRC Assist for VAT', summary.consulted]);
  for (const [label, value] of summary.fields) yield csvLine([`HMRC Assist ${label.toLowerCase()}`, value]);
  for (const item of summary.messages) yield csvLine(['HMRC Assist message', ...messageLines(item)]);
}

/**
 * The report as CSV text, a piece at a time: a header block (the business, the period, the nine
 * boxes), a blank line, then the lines under auditLineColumns. Money as plain decimals ('-1234.56').
 */
export async function* auditCsv(header: AuditHeader, lines: AsyncIterable<AuditLine>): AsyncGenerator<string> {
  // A byte-order mark, so that Excel reads the file as UTF-8 (£, accents).
  yield '\uFEFF';
  yield csvLine(['VAT audit report']);
  yield csvLine(['VRN', header.vrn]);
  yield csvLine(['Period key', header.periodKey]);
  yield csvLine(['Period start', header.periodStart]);
  yield csvLine(['Period end', header.periodEnd]);
  yield csvLine(['Status', header.status]);
  yield csvLine(['Box', 'What it is', 'From the records', ...(header.filed ? ['As HMRC holds it'] : []), 'Lines']);
  for (const box of boxNumbers) {
    const key = boxKey(box);
    yield csvLine([
      box,
      boxExplanations[box].title,
      decimal(header.boxes[key]),
      ...(header.filed ? [decimal(header.filed[key])] : []),
      header.lineCounts[key],
    ]);
  }
  if (header.assist !== undefined) yield* assistCsv(header.assist);
  yield csvLine([
    'Each line is what one record adds to one box. A box is the sum of its lines; boxes 6 to 9 then drop the pence. Boxes 3 and 5 are worked out from the others.',
  ]);
  yield '\r\n';
  yield csvLine([...auditLineColumns]);
  let batch = '';
  for await (const line of lines) {
    batch += csvLine(lineCells(line));
    // Written in pieces of about 64 KB rather than a line at a time.
    if (batch.length > 65_536) {
      yield batch;
      batch = '';
    }
  }
  if (batch) yield batch;
}

function lineCells(line: AuditLine): (string | number | null)[] {
  const record = line.record;
  if (!record) {
    return [
      line.box,
      line.other?.date ?? '',
      line.other?.description ?? '',
      line.other?.kind ?? '',
      '',
      '',
      '',
      '',
      decimal(line.amountPence),
      '',
      '',
      '',
    ];
  }
  const transaction = record.kind === 'sale' || record.kind === 'purchase';
  return [
    line.box,
    record.date,
    record.description,
    record.kind === 'adjustment' ? `adjustment (${record.adjustmentType})` : record.kind,
    transaction ? record.rate : '',
    transaction ? record.treatment : '',
    transaction ? decimal(record.netPence) : '',
    transaction ? decimal(record.vatPence) : '',
    decimal(line.amountPence),
    line.importFile ?? (record.source ? record.source.importId : ''),
    record.source?.row ?? '',
    record.id,
  ];
}

// --- PDF ----------------------------------------------------------------------------------------

/**
 * Lines a box lists in the PDF. A period of 100,000 records would be thousands of pages; past this
 * the box says how many more lines there are and points to the CSV, which has them all.
 */
export const pdfLinesPerBox = 200;

/**
 * The report as a PDF (pdfkit's Helvetica, as the receipt): the header and nine boxes, then each
 * box's first pdfLinesPerBox lines and, when it lists them all, their total.
 */
export async function auditPdf(
  header: AuditHeader,
  businessName: string,
  lines: AsyncIterable<AuditLine>,
): Promise<Buffer> {
  const { document, done } = await startPdf({
    title: `VAT audit report ${header.vrn} ${header.periodStart} to ${header.periodEnd}`,
    heading: 'VAT audit report',
    margin: 40,
  });
  const field = (label: string, value: string) => pdfField(document, label, value);
  const left = 40;
  const width = 515;

  field('Business', `${businessName} (VRN ${header.vrn})`);
  field('Period', `${pdfDate(header.periodStart)} to ${pdfDate(header.periodEnd)} (period key ${header.periodKey})`);
  field('Status', header.status);
  document.moveDown();

  document.font('Helvetica-Bold').fontSize(13).text('The nine boxes');
  document.fontSize(9).moveDown(0.3);
  const summaryRow = (cells: string[], bold = false) => {
    const y = document.y;
    const columns = header.filed ? [left, 330, 440] : [left, 440];
    const widths = header.filed ? [280, 105, 115] : [390, 115];
    cells.forEach((text, index) => {
      document.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(text, columns[index] ?? left, y, {
        width: widths[index] ?? 100,
        align: index === 0 ? 'left' : 'right',
      });
    });
    document.x = left;
    document.y = Math.max(document.y, y + 12) + 2;
  };
  summaryRow(['Box', 'From the records', ...(header.filed ? ['As HMRC holds it'] : [])], true);
  for (const box of boxNumbers) {
    const key = boxKey(box);
    summaryRow([
      `Box ${box}  ${boxExplanations[box].title}`,
      pdfGbp(header.boxes[key], box),
      ...(header.filed ? [pdfGbp(header.filed[key], box)] : []),
    ]);
  }
  if (header.assist !== undefined) {
    writeAssistSection(document, header.assist);
    document.x = left;
    document.fontSize(9);
  }
  document.moveDown(0.5);
  document
    .font('Helvetica')
    .fontSize(9)
    .text(
      `Each line below is what one record adds to one box; a box is the sum of its lines, and boxes 6 to 9 then drop the pence. Boxes 3 and 5 are worked out from the others. Each box lists its first ${pdfLinesPerBox} lines here; the CSV audit report lists every line.`,
      left,
      document.y,
      { width },
    );

  const lineRow = (cells: [string, string, string, string, string], bold = false) => {
    if (document.y > 780) document.addPage();
    const y = document.y;
    const columns = [left, 110, 320, 400, 480];
    const widths = [66, 205, 76, 76, 75];
    cells.forEach((text, index) => {
      document.font(bold ? 'Helvetica-Bold' : 'Helvetica').text(text, columns[index] ?? left, y, {
        width: widths[index] ?? 60,
        align: index >= 3 ? 'right' : 'left',
        lineBreak: false,
        ellipsis: true,
        height: 11,
      });
    });
    document.x = left;
    document.y = y + 12;
  };

  let current: EnterableBox | null = null;
  let total = 0n;
  let shown = 0;
  const closeBox = () => {
    if (current === null) return;
    const count = header.lineCounts[boxKey(current)];
    document.moveDown(0.3);
    if (shown < count) {
      document
        .font('Helvetica-Oblique')
        .text(
          `The first ${shown.toLocaleString(ukLocale)} of ${count.toLocaleString(ukLocale)} lines. Download the CSV audit report for all of them.`,
          left,
          document.y,
          { width },
        );
    } else {
      document
        .font('Helvetica-Bold')
        .text(`Total of the lines: ${pdfGbp(Number(total))}`, left, document.y, { width, align: 'right' });
    }
  };
  const openBox = (box: EnterableBox) => {
    closeBox();
    current = box;
    total = 0n;
    shown = 0;
    if (document.y > 700) document.addPage();
    document.moveDown();
    document
      .font('Helvetica-Bold')
      .fontSize(12)
      .text(`Box ${box}: ${boxExplanations[box].title} (${pdfGbp(header.boxes[boxKey(box)], box)})`, left, document.y, {
        width,
      });
    document.fontSize(8.5).moveDown(0.2);
    lineRow(['Date', 'Description', 'Kind and rate', 'Net', 'Adds to box'], true);
  };

  for await (const line of lines) {
    if (line.box !== current) openBox(line.box);
    const record = line.record;
    const kind = !record
      ? line.other?.kind === 'errorCorrection'
        ? 'error correction'
        : 'flat rate'
      : record.kind === 'sale' || record.kind === 'purchase'
        ? `${record.kind}, ${record.rate}`
        : record.kind;
    const net = record && (record.kind === 'sale' || record.kind === 'purchase') ? pdfGbp(record.netPence) : '';
    const description = record ? record.description : (line.other?.description ?? '');
    const source = line.importFile && record?.source ? ` (${line.importFile}, row ${record.source.row})` : '';
    const day = record ? record.date : (line.other?.date ?? '');
    lineRow([day ? pdfDate(day) : '', `${description}${source}`, kind, net, pdfGbp(line.amountPence)]);
    total += BigInt(line.amountPence);
    shown += 1;
  }
  closeBox();
  if (current === null) {
    document.moveDown().font('Helvetica').fontSize(10).text('No record adds to any box in this period.', left);
  }
  document.end();
  return done;
}
