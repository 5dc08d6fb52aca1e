import { type BoxNumber, formatGbp, isWholePoundsBox, minusSign, ukLocale } from '@vatwise/domain';

/**
 * What the return's PDFs share (the receipt, the audit report, the notification of errors): an A4
 * pdfkit document in its standard Helvetica, whose encoding has '£' but no minus sign, headed with
 * its title and VAT Wise's line; dates and money written as the app writes them.
 */

export type PdfDocument = PDFKit.PDFDocument;

/** A new document with its heading written, and the whole PDF once `document.end()` is called. */
export async function startPdf(options: {
  /** The file's title (its metadata). */
  title: string;
  heading: string;
  headingSize?: number;
  /** After "VAT Wise · Making Tax Digital for VAT". */
  subheading?: string;
  margin?: number;
}): Promise<{ document: PdfDocument; done: Promise<Buffer> }> {
  // Loaded on the first PDF rather than at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({ size: 'A4', margin: options.margin ?? 50, info: { Title: options.title } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });
  document
    .font('Helvetica-Bold')
    .fontSize(options.headingSize ?? 18)
    .text(options.heading);
  document
    .fontSize(10)
    .font('Helvetica')
    .fillColor('#444')
    .text(['VAT Wise · Making Tax Digital for VAT', options.subheading].filter(Boolean).join(' · '))
    .fillColor('black');
  document.moveDown();
  document.fontSize(11);
  return { document, done };
}

/** "Label: value", the label bold. */
export function pdfField(document: PdfDocument, label: string, value: string): void {
  document.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
}

const dayFormat = new Intl.DateTimeFormat(ukLocale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const instantFormat = new Intl.DateTimeFormat(ukLocale, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Europe/London',
});

/** '2026-11-24' → '24 Nov 2026'. */
export const pdfDate = (iso: string): string => dayFormat.format(new Date(`${iso}T00:00:00Z`));

/** An instant as UK time: '24 Nov 2026, 01:32'. */
export const pdfInstant = (iso: string): string => instantFormat.format(new Date(iso));

/** Pence as '£1,234.56' (boxes 6-9 in whole pounds); a negative with the en dash, Helvetica having no minus sign. */
export const pdfGbp = (pence: number, box?: BoxNumber): string =>
  formatGbp(pence, ukLocale, { wholePounds: box !== undefined && isWholePoundsBox(box) }).replace(minusSign, '\u2013');
