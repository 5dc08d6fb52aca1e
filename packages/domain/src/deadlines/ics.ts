/**
 * A calendar (.ics, RFC 5545) of VAT return due dates for one business, for download.
 *
 * One all-day event per open obligation on its due date, with reminders 14, 7 and 1 days before (the
 * same thresholds as the deadline watcher). Lines end with CRLF, TEXT values are escaped (RFC 5545
 * 3.3.11) and long lines are folded at 75 octets of UTF-8 without splitting a character (3.1).
 */

import { addDays, isCalendarDate, ukLongDate } from '../vat/dates';
import { alertThresholdDays, type DeadlineObligation } from './alerts';

export const defaultIcsProductId = '-//VAT Wise//VAT deadlines//EN';

export interface VatCalendarInput {
  businessName: string;
  vrn: string;
  /** Fulfilled obligations are left out; an obligation listed twice (same period key) gives one event. */
  obligations: readonly DeadlineObligation[];
  /** When the file is made: the DTSTAMP of every event. */
  generatedAt: Date;
  /** PRODID; defaults to `-//VAT Wise//VAT deadlines//EN`. */
  productId?: string;
}

const crlf = '\r\n';
const maxLineOctets = 75;

/** '2026-08-07' → '20260807' (an RFC 5545 DATE). */
function icsDate(date: string): string {
  if (!isCalendarDate(date)) throw new RangeError(`Not a real date written YYYY-MM-DD: "${date}"`);
  return date.replaceAll('-', '');
}

/** An instant as an RFC 5545 UTC DATE-TIME: 20260807T093000Z. */
function icsUtcDateTime(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('generatedAt is not a valid date');
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Escapes an RFC 5545 TEXT value: backslash, semicolon and comma get a backslash, any line break
 * becomes `\n`, and other control characters (not allowed in TEXT) are dropped.
 */
export function escapeIcsText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000A-\u001F\u007F]/g, '')
  );
}

/**
 * Makes a value safe inside a UID: letters and digits are kept, anything else is percent-encoded as
 * UTF-8 ('#001' → '%23001'). Injective, so two period keys never share a UID.
 */
function uidPart(value: string): string {
  return encodeURIComponent(value).replace(
    /[^A-Za-z0-9%]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
}

function utf8Octets(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * Folds one content line so no physical line is longer than 75 octets of UTF-8 (CRLF not counted):
 * continuation lines start with one space. Breaks only between characters (code points), never inside
 * a multi-byte character or a surrogate pair.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0) ?? 0);
    if (octets + size > maxLineOctets) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += character;
    octets += size;
  }
  parts.push(current);
  return parts.join(crlf);
}

function dueDateAlarm(days: number, businessName: string): string[] {
  const when = days === 1 ? 'tomorrow' : `in ${days} days`;
  return [
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `TRIGGER:-P${days}D`,
    `DESCRIPTION:${escapeIcsText(`VAT return due ${when} – ${businessName}`)}`,
    'END:VALARM',
  ];
}

function vatReturnEvent(
  obligation: DeadlineObligation,
  input: Pick<VatCalendarInput, 'businessName' | 'vrn'>,
  stamp: string,
): string[] {
  const { businessName, vrn } = input;
  const period = `${ukLongDate(obligation.start)} to ${ukLongDate(obligation.end)}`;
  const due = ukLongDate(obligation.due);
  const description = [
    `The VAT return for ${period} must reach HMRC by ${due}, and any VAT to pay must be in HMRC's account by the same date.`,
    'If you pay by Direct Debit, HMRC collects the payment automatically 3 working days after this date.',
    `VAT registration number: ${vrn}`,
  ].join('\n');
  return [
    'BEGIN:VEVENT',
    `UID:${uidPart(vrn)}-${uidPart(obligation.periodKey)}@vatwise`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${icsDate(obligation.due)}`,
    `DTEND;VALUE=DATE:${icsDate(addDays(obligation.due, 1))}`,
    `SUMMARY:${escapeIcsText(`VAT return due – ${businessName} (${period})`)}`,
    `DESCRIPTION:${escapeIcsText(description)}`,
    'TRANSP:TRANSPARENT',
    ...alertThresholdDays.flatMap((days) => dueDateAlarm(days, businessName)),
    'END:VEVENT',
  ];
}

/** The .ics text of a business's open VAT obligations, events in due-date order. */
export function vatCalendarIcs(input: VatCalendarInput): string {
  const { businessName, generatedAt, productId = defaultIcsProductId } = input;
  const stamp = icsUtcDateTime(generatedAt);
  const byPeriod = new Map<string, DeadlineObligation>();
  for (const obligation of input.obligations) {
    if (obligation.status === 'O' && !byPeriod.has(obligation.periodKey))
      byPeriod.set(obligation.periodKey, obligation);
  }
  const open = [...byPeriod.values()].sort(
    (a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0) || (a.periodKey < b.periodKey ? -1 : 1),
  );
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${escapeIcsText(productId)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeIcsText(`VAT deadlines – ${businessName}`)}`,
    ...open.flatMap((obligation) => vatReturnEvent(obligation, input, stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join(crlf) + crlf;
}

/** The download's file name: `vat-deadlines-123456789.ics` (only letters and digits of the VRN kept). */
export function icsFileName(vrn: string): string {
  const safe = vrn.replace(/[^A-Za-z0-9]/g, '');
  return safe === '' ? 'vat-deadlines.ics' : `vat-deadlines-${safe}.ics`;
}
