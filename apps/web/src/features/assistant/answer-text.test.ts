import { describe, expect, it } from 'vitest';
import { parseAnswer, parseInline } from './answer-text';

describe('parseInline', () => {
  it('finds bold text and citations, leaving the rest as text', () => {
    expect(parseInline('**Standard rate** is 20% [1], see [12].')).toEqual([
      { kind: 'strong', text: 'Standard rate' },
      { kind: 'text', text: ' is 20% ' },
      { kind: 'cite', n: 1 },
      { kind: 'text', text: ', see ' },
      { kind: 'cite', n: 12 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('treats markup-looking text as text, never as HTML', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
  });
});

describe('parseAnswer', () => {
  it('splits paragraphs on blank lines and gathers "- " lines into lists', () => {
    const blocks = parseAnswer('Returns due:\n- 1 May\n- 7 June\n\nPay on time [2].');
    expect(blocks).toEqual([
      { kind: 'paragraph', lines: [[{ kind: 'text', text: 'Returns due:' }]] },
      { kind: 'list', items: [[{ kind: 'text', text: '1 May' }], [{ kind: 'text', text: '7 June' }]] },
      {
        kind: 'paragraph',
        lines: [
          [
            { kind: 'text', text: 'Pay on time ' },
            { kind: 'cite', n: 2 },
            { kind: 'text', text: '.' },
          ],
        ],
      },
    ]);
  });

  it('gives nothing for an empty answer (one that was stopped before any text)', () => {
    expect(parseAnswer('')).toEqual([]);
  });
});
