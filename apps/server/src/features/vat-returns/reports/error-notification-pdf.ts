import { type Vat652Content, vat652Text } from '@vatwise/domain';
import { startPdf } from './pdf';

/**
 * The separate notification of errors in earlier returns (method 2, VAT Notice 700/45) as a PDF,
 * with form VAT652's content as vat652Text words it: what the business sends HMRC, in English.
 * Built with pdfkit's standard Helvetica as the receipt is (receipt-pdf.ts); its encoding has no
 * minus sign, and vat652Text writes amounts without one ("over-declared", "due to the business").
 */
export async function errorNotificationPdf(content: Vat652Content): Promise<Buffer> {
  const [title = '', ...lines] = vat652Text(content).split('\n');
  const { document, done } = await startPdf({
    title: `Notification of VAT errors ${content.vrn}`,
    heading: title,
    headingSize: 16,
    subheading: 'VAT Notice 700/45',
  });
  for (const line of lines) {
    if (line === '') document.moveDown(0.5);
    else if (line.endsWith(':') && !line.startsWith('-')) document.font('Helvetica-Bold').text(line);
    else document.font('Helvetica').text(line);
  }
  document.end();
  return done;
}
