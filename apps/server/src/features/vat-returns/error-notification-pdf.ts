import { type Vat652Content, vat652Text } from '@vatwise/domain';

/**
 * The separate notification of errors in earlier returns (method 2, VAT Notice 700/45) as a PDF,
 * with form VAT652's content as vat652Text words it: what the business sends HMRC, in English.
 * Built with pdfkit's standard Helvetica as the receipt is (receipt-pdf.ts); its encoding has no
 * minus sign, and vat652Text writes amounts without one ("over-declared", "due to the business").
 */
export async function errorNotificationPdf(content: Vat652Content): Promise<Buffer> {
  // Loaded on the first notification rather than at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Notification of VAT errors ${content.vrn}` },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const [title = '', ...lines] = vat652Text(content).split('\n');
  document.font('Helvetica-Bold').fontSize(16).text(title);
  document
    .fontSize(10)
    .font('Helvetica')
    .fillColor('#444')
    .text('VAT Wise · Making Tax Digital for VAT · VAT Notice 700/45')
    .fillColor('black');
  document.moveDown();
  document.fontSize(11);
  for (const line of lines) {
    if (line === '') document.moveDown(0.5);
    else if (line.endsWith(':') && !line.startsWith('-')) document.font('Helvetica-Bold').text(line);
    else document.font('Helvetica').text(line);
  }
  document.end();
  return done;
}
