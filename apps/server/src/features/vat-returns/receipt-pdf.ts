import {
  agentDeclarationText,
  boxExplanations,
  boxNumbers,
  declarationText,
  formatGbp,
  isWholePoundsBox,
  minusSign,
  type Receipt,
} from '@vatwise/domain';

/**
 * The receipt as a PDF: what HMRC answered, the figures sent, who sent them and when, and the
 * declaration they accepted. Built with pdfkit's standard Helvetica, whose encoding has '£'.
 * Dates as the app writes them ('24 Nov 2026', '24 Nov 2026, 01:32' UK time); boxes 6-9 in whole
 * pounds. Helvetica's encoding has no minus sign (U+2212), so a negative box takes its nearest
 * stand-in, the en dash: '–£12.50'.
 */
export async function receiptPdf(receipt: Receipt, businessName: string): Promise<Buffer> {
  // Loaded on the first receipt rather than at every start.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `VAT return receipt ${receipt.vrn}` } });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
  });

  const line = (label: string, value: string) => {
    document.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  };
  const date = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const instant = (iso: string) =>
    new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/London',
    }).format(new Date(iso));

  document.font('Helvetica-Bold').fontSize(18).text('VAT return receipt');
  document
    .fontSize(10)
    .font('Helvetica')
    .fillColor('#444')
    .text('VAT Wise · Making Tax Digital for VAT')
    .fillColor('black');
  document.moveDown();
  document.fontSize(11);
  line('Business', `${businessName} (VRN ${receipt.vrn})`);
  line('Period', `${date(receipt.periodStart)} to ${date(receipt.periodEnd)}`);
  const { agentArn } = receipt.submittedBy;
  const submitter = receipt.submittedBy.name || receipt.submittedBy.email;
  line('Submitted', `${instant(receipt.submittedAt)} by ${submitter}${agentArn ? `, as agent (ARN ${agentArn})` : ''}`);
  document.moveDown(0.5);
  if (receipt.confirmedBy === 'response') {
    line('HMRC processed it', receipt.processingDate ? instant(receipt.processingDate) : '—');
    line('Form bundle number', receipt.formBundleNumber ?? '—');
    if (receipt.chargeRefNumber) line('Charge reference', receipt.chargeRefNumber);
    if (receipt.paymentIndicator) {
      line(
        'Payment',
        receipt.paymentIndicator === 'DD' ? 'By Direct Debit' : 'Repayment to the bank account HMRC holds',
      );
    }
    if (receipt.receiptId) line('Receipt ID', receipt.receiptId);
    if (receipt.correlationId) line('Correlation ID', receipt.correlationId);
  } else {
    document
      .font('Helvetica')
      .text(
        'HMRC’s answer to this submission did not arrive (the connection ended first). HMRC’s records show the return ' +
          'for this period as filed, so it is recorded as submitted; HMRC’s form bundle number was not received.',
      );
  }
  document.moveDown();
  document.font('Helvetica-Bold').fontSize(13).text('The nine boxes');
  document.fontSize(10).moveDown(0.3);
  for (const box of boxNumbers) {
    const y = document.y;
    document.font('Helvetica').text(`Box ${box}  ${boxExplanations[box].title}`, 50, y, { width: 380 });
    const after = document.y;
    const amount = formatGbp(receipt.boxes[`box${box}`], 'en-GB', { wholePounds: isWholePoundsBox(box) });
    document.font('Helvetica-Bold').text(amount.replace(minusSign, '\u2013'), 430, y, { width: 115, align: 'right' });
    document.y = Math.max(after, document.y) + 4;
  }
  document.x = 50;
  document.moveDown();
  document.font('Helvetica-Bold').fontSize(11).text('Declaration accepted');
  document
    .font('Helvetica')
    .fontSize(10)
    .text(agentArn ? agentDeclarationText : declarationText);
  document.end();
  return done;
}
