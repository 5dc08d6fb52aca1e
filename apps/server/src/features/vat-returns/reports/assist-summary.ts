import type { AssistFeedbackItem } from '@vatwise/domain';
import type { AssistRecord } from '../assist/service';
import { type PdfDocument, pdfField, pdfInstant } from './pdf';

/**
 * What the receipt and the audit report say of HMRC Assist for VAT (docs/hmrc-assist-flow.md):
 * whether it was consulted for the figures filed, its report's ids and times, and HMRC's messages
 * verbatim in HMRC's order.
 */
export interface AssistSummary {
  /** One line saying whether and how HMRC Assist was consulted. */
  consulted: string;
  fields: [label: string, value: string][];
  /** HMRC's English messages, verbatim and in its order. */
  messages: AssistFeedbackItem[];
}

export function assistSummary(record: AssistRecord | null | undefined): AssistSummary {
  const none = (consulted: string): AssistSummary => ({ consulted, fields: [], messages: [] });
  if (!record) return none('Not consulted.');
  const { report } = record;
  if (!report) return none(record.enabled ? 'Not consulted for these figures.' : 'Not consulted: HMRC Assist is off.');
  if (report.status === 'unavailable') {
    return none(`Not consulted: HMRC Assist gave no feedback (${report.error ?? 'no answer'}).`);
  }
  if (!record.forFiledFigures)
    return none('Not consulted for these figures (an earlier report was for other figures).');
  const fields: [string, string][] = [
    ['Report ID', report.reportId ?? '—'],
    ['Correlation ID', report.correlationId ?? '—'],
    ['Requested', `${pdfInstant(report.requestedAt)} by ${report.requestedBy.name}`],
    ['Shown', report.presentedAt ? `${report.presentedAt} (as sent to HMRC)` : 'Not confirmed to HMRC'],
    [
      'Acknowledged',
      report.acknowledgedAt
        ? `${pdfInstant(report.acknowledgedAt)}${report.acknowledgedBy ? ` by ${report.acknowledgedBy.name}` : ''}`
        : 'No',
    ],
  ];
  const count = report.english.length;
  return {
    consulted: `Consulted for these figures: ${count === 0 ? 'no messages' : `${count} message${count === 1 ? '' : 's'}`}.`,
    fields,
    messages: report.english,
  };
}

/** A message's text as lines: title, body, action, then each link's title and address. */
export function messageLines(item: AssistFeedbackItem): string[] {
  return [
    `${item.itemNumber} ${item.title}`,
    item.body,
    ...(item.action ? [item.action] : []),
    ...(item.links ?? []).map((link) => [link.title, link.url].filter(Boolean).join(': ')),
  ];
}

/** The section as written into a PDF (the receipt's and the audit report's). */
export function writeAssistSection(document: PdfDocument, record: AssistRecord | null | undefined): void {
  const summary = assistSummary(record);
  document.moveDown();
  document.font('Helvetica-Bold').fontSize(13).text('HMRC Assist for VAT', 50);
  document.font('Helvetica').fontSize(10).moveDown(0.3).text(summary.consulted);
  for (const [label, value] of summary.fields) pdfField(document, label, value);
  for (const item of summary.messages) {
    document.moveDown(0.3);
    const [title, ...rest] = messageLines(item);
    document.font('Helvetica-Bold').text(title ?? '');
    document.font('Helvetica').text(rest.join('\n'));
  }
  document.x = 50;
}
