import { agentDeclarationText, boxExplanations, boxNumbers, declarationText, type Receipt } from '@vatwise/domain';
import type { AssistRecord } from '../assist/service';
import { writeAssistSection } from './assist-summary';
import { pdfDate, pdfField, pdfGbp, pdfInstant, startPdf } from './pdf';

/**
 * The receipt as a PDF: what HMRC answered, the figures sent, who prepared, reviewed, approved and
 * sent them and when, and the declaration they accepted. Built with pdfkit's standard Helvetica, whose encoding has '£'.
 * Dates as the app writes them ('24 Nov 2026', '24 Nov 2026, 01:32' UK time); boxes 6-9 in whole
 * pounds. Helvetica's encoding has no minus sign (U+2212), so a negative box takes its nearest
 * stand-in, the en dash: '–£12.50'.
 */
export async function receiptPdf(
  receipt: Receipt,
  businessName: string,
  assist?: AssistRecord | null,
): Promise<Buffer> {
  const { document, done } = await startPdf({
    title: `VAT return receipt ${receipt.vrn}`,
    heading: 'VAT return receipt',
  });
  const line = (label: string, value: string) => pdfField(document, label, value);
  line('Business', `${businessName} (VRN ${receipt.vrn})`);
  line('Period', `${pdfDate(receipt.periodStart)} to ${pdfDate(receipt.periodEnd)}`);
  const { agentArn } = receipt.submittedBy;
  const submitter = receipt.submittedBy.name || receipt.submittedBy.email;
  line(
    'Submitted',
    `${pdfInstant(receipt.submittedAt)} by ${submitter}${agentArn ? `, as agent (ARN ${agentArn})` : ''}`,
  );
  const { approvals } = receipt;
  if (approvals) {
    line(
      'Prepared by',
      approvals.preparedBy ? `${approvals.preparedBy.name}, ${pdfInstant(approvals.preparedBy.at)}` : submitter,
    );
    line(
      'Reviewed by',
      approvals.reviewedBy ? `${approvals.reviewedBy.name}, ${pdfInstant(approvals.reviewedBy.at)}` : 'No review',
    );
    const { client } = approvals;
    line(
      'Client approval',
      client
        ? `${client.name}${client.email ? ` (${client.email})` : ''}, ${pdfInstant(client.at)}, of these figures`
        : 'Not asked through VAT Wise',
    );
  }
  document.moveDown(0.5);
  if (receipt.confirmedBy === 'response') {
    line('HMRC processed it', receipt.processingDate ? pdfInstant(receipt.processingDate) : '—');
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
    const amount = pdfGbp(receipt.boxes[`box${box}`], box);
    document.font('Helvetica-Bold').text(amount, 430, y, { width: 115, align: 'right' });
    document.y = Math.max(after, document.y) + 4;
  }
  document.x = 50;
  document.moveDown();
  document.font('Helvetica-Bold').fontSize(11).text('Declaration accepted');
  document
    .font('Helvetica')
    .fontSize(10)
    .text(agentArn ? agentDeclarationText : declarationText);
  // Whether HMRC Assist was consulted for these figures, and what it said (docs/hmrc-assist-flow.md).
  if (assist !== undefined) writeAssistSection(document, assist);
  document.end();
  return done;
}
