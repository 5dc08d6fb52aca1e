import { describe, expect, it } from 'vitest';
import { type DeadlineObligation } from './alerts';
import { escapeIcsText, foldIcsLine, icsFileName, vatCalendarIcs } from './ics';

// The domain package is typed without DOM or Node libraries; Node 20 has both globals.
const { TextDecoder, TextEncoder } = globalThis as unknown as {
  TextDecoder: new (label: string, options: { fatal: boolean }) => { decode(bytes: Uint8Array): string };
  TextEncoder: new () => { encode(text: string): Uint8Array };
};

const generatedAt = new Date('2026-07-15T09:30:05.123Z');

const obligations: DeadlineObligation[] = [
  { periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', status: 'O' },
  { periodKey: '#001', start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', status: 'O' },
  { periodKey: '26A1', start: '2026-01-01', end: '2026-03-31', due: '2026-05-07', status: 'F' },
];

function calendar(businessName: string, list = obligations) {
  return vatCalendarIcs({ businessName, vrn: '123456782', obligations: list, generatedAt });
}

/** Physical lines, as bytes, split at CRLF; fails if any line break is not CRLF. */
function physicalLines(ics: string): Uint8Array[] {
  const bytes = new TextEncoder().encode(ics);
  const lines: Uint8Array[] = [];
  let start = 0;
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] === 0x0a) {
      expect(bytes[index - 1], `LF without CR at byte ${index}`).toBe(0x0d);
      lines.push(bytes.subarray(start, index - 1));
      start = index + 1;
    } else if (bytes[index] === 0x0d) {
      expect(bytes[index + 1], `CR without LF at byte ${index}`).toBe(0x0a);
    }
  }
  expect(start, 'the file ends with CRLF').toBe(bytes.length);
  return lines;
}

/** Content lines: physical lines unfolded (CRLF followed by one space is removed). */
function unfold(ics: string): string[] {
  return ics.replace(/\r\n /g, '').split('\r\n').slice(0, -1);
}

/** The value of each `NAME:value` / `NAME;PARAM=…:value` line in order. */
function values(lines: string[], name: string): string[] {
  return lines
    .filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`))
    .map((line) => line.slice(line.indexOf(':') + 1));
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, character: string) => (character.toLowerCase() === 'n' ? '\n' : character));
}

function events(lines: string[]): string[][] {
  const found: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = [];
    else if (line === 'END:VEVENT' && current) {
      found.push(current);
      current = null;
    } else current?.push(line);
  }
  return found;
}

describe('vatCalendarIcs', () => {
  it('is a VCALENDAR with the calendar properties', () => {
    const lines = unfold(calendar('Acme Ltd'));
    expect(lines.slice(0, 6)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//VAT Wise//VAT deadlines//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'X-WR-CALNAME:VAT deadlines – Acme Ltd',
    ]);
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const custom = vatCalendarIcs({
      businessName: 'A',
      vrn: '1',
      obligations: [],
      generatedAt,
      productId: '-//X//Y//EN',
    });
    expect(unfold(custom)).toContain('PRODID:-//X//Y//EN');
  });

  it('has one all-day event per open obligation, in due-date order', () => {
    const found = events(unfold(calendar('Acme Ltd')));
    expect(found).toHaveLength(2);
    const [first, second] = found as [string[], string[]];
    expect(values(first, 'DTSTART')).toEqual(['20260807']);
    expect(first).toContain('DTSTART;VALUE=DATE:20260807');
    expect(first).toContain('DTEND;VALUE=DATE:20260808');
    expect(first).toContain('UID:123456782-%23001@vatwise');
    expect(first).toContain('DTSTAMP:20260715T093005Z');
    expect(values(first, 'SUMMARY')).toEqual(['VAT return due – Acme Ltd (1 April 2026 to 30 June 2026)']);
    const description = unescapeText(values(first, 'DESCRIPTION')[0] ?? '');
    expect(description).toContain('must reach HMRC by 7 August 2026');
    expect(description).toContain('Direct Debit');
    expect(second).toContain('UID:123456782-26A3@vatwise');
    expect(second).toContain('DTEND;VALUE=DATE:20261108');
  });

  it('gives each event a display reminder 14, 7 and 1 days before', () => {
    for (const event of events(unfold(calendar('Acme Ltd')))) {
      expect(values(event, 'TRIGGER')).toEqual(['-P14D', '-P7D', '-P1D']);
      expect(event.filter((line) => line === 'BEGIN:VALARM')).toHaveLength(3);
      expect(event.filter((line) => line === 'ACTION:DISPLAY')).toHaveLength(3);
      expect(values(event, 'DESCRIPTION')).toHaveLength(4); // the event's own and one per alarm
    }
  });

  it('ends dates at a month and year end on the next day', () => {
    const yearEnd: DeadlineObligation = {
      periodKey: '26AK',
      start: '2026-10-01',
      end: '2026-11-30',
      due: '2026-12-31',
      status: 'O',
    };
    expect(unfold(calendar('A', [yearEnd]))).toContain('DTEND;VALUE=DATE:20270101');
  });

  it('makes one event per period key even when an obligation is listed twice', () => {
    const twice = [obligations[1], obligations[1]] as DeadlineObligation[];
    expect(events(unfold(calendar('A', twice)))).toHaveLength(1);
  });

  it('has no events when nothing is open', () => {
    const ics = calendar('A', [obligations[2] as DeadlineObligation]);
    expect(events(unfold(ics))).toEqual([]);
  });

  it('escapes a business name with a comma, a semicolon, a backslash and a line break', () => {
    const name = 'Smith, Jones; Partners \\ Co\nLondon';
    const lines = unfold(calendar(name));
    expect(values(lines, 'X-WR-CALNAME')).toEqual(['VAT deadlines – Smith\\, Jones\\; Partners \\\\ Co\\nLondon']);
    const summary = values(events(lines)[0] ?? [], 'SUMMARY')[0] ?? '';
    expect(summary).toMatch(/^VAT return due – Smith\\, Jones\\; Partners \\\\ Co\\nLondon \(/);
    expect(unescapeText(summary)).toBe(`VAT return due – ${name} (1 April 2026 to 30 June 2026)`);
    // Only escaped commas and semicolons remain in text values.
    for (const line of lines.filter((line) => /^(SUMMARY|DESCRIPTION|X-WR-CALNAME):/.test(line))) {
      expect(line.slice(line.indexOf(':') + 1)).not.toMatch(/(^|[^\\])(\\\\)*[;,]/);
    }
  });

  it('uses CRLF everywhere and folds at 75 octets without splitting a multi-byte character', () => {
    const name = `${'Café – £ Plumbing & Heating – £'.repeat(6)}€😀 Ltd`;
    const ics = calendar(name);
    const lines = physicalLines(ics);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let folded = 0;
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      expect(() => decoder.decode(line)).not.toThrow();
      if (line[0] === 0x20) folded++;
    }
    expect(folded).toBeGreaterThan(10);
    // Some line is full to within a multi-byte character of the limit, so the folding did real work.
    expect(lines.some((line) => line.length >= 72)).toBe(true);
    expect(values(unfold(ics), 'X-WR-CALNAME')).toEqual([`VAT deadlines – ${name}`]);
    const summary = values(events(unfold(ics))[0] ?? [], 'SUMMARY')[0] ?? '';
    expect(unescapeText(summary)).toBe(`VAT return due – ${name} (1 April 2026 to 30 June 2026)`);
  });

  it('refuses an invalid generatedAt', () => {
    expect(() => vatCalendarIcs({ businessName: 'A', vrn: '1', obligations, generatedAt: new Date('x') })).toThrow(
      RangeError,
    );
  });
});

describe('foldIcsLine', () => {
  const octets = (text: string) => new TextEncoder().encode(text).length;

  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldIcsLine('a'.repeat(75))).toBe('a'.repeat(75));
    expect(foldIcsLine('a'.repeat(76))).toBe(`${'a'.repeat(75)}\r\n a`);
  });

  it('moves a character that would cross the limit whole to the next line', () => {
    const folded = foldIcsLine(`${'a'.repeat(73)}–b`).split('\r\n');
    expect(folded).toEqual(['a'.repeat(73), ' –b']);
    expect(octets(folded[0] ?? '')).toBe(73);
    for (const text of ['£'.repeat(100), '–'.repeat(100), '😀'.repeat(100), `x${'£'.repeat(50)}`]) {
      const parts = foldIcsLine(text).split('\r\n');
      for (const part of parts) expect(octets(part)).toBeLessThanOrEqual(75);
      expect(parts.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(text);
    }
  });
});

describe('escapeIcsText', () => {
  it('escapes backslash, semicolon, comma and line breaks, and drops other control characters', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf\rg\u0007h\ti')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ngh\ti');
  });
});

describe('icsFileName', () => {
  it('names the file after the VRN', () => {
    expect(icsFileName('123456789')).toBe('vat-deadlines-123456789.ics');
    expect(icsFileName('GB 123 456 789')).toBe('vat-deadlines-GB123456789.ics');
    expect(icsFileName('../')).toBe('vat-deadlines.ics');
  });
});
