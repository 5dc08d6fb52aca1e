import { describe, expect, it } from 'vitest';
import { isolatedIn, leftToRightIn } from './bidi';

const LRI = '\u2066';
const FSI = '\u2068';
const PDI = '\u2069';

describe('values kept whole in a right-to-left layout', () => {
  it('isolates a left-to-right value as one run in a right-to-left language, once', () => {
    expect(leftToRightIn('747 0996 59', 'enrtl')).toBe(`${LRI}747 0996 59${PDI}`);
    expect(leftToRightIn(leftToRightIn('−£12.50', 'enrtl'), 'enrtl')).toBe(`${LRI}−£12.50${PDI}`);
  });

  it('leaves the text exactly as it was in a left-to-right language', () => {
    expect(leftToRightIn('747 0996 59', 'en')).toBe('747 0996 59');
    expect(leftToRightIn('24 nov 2026', 'es')).toBe('24 nov 2026');
    expect(isolatedIn('18A1', 'en')).toBe('18A1');
    expect(leftToRightIn('', 'enrtl')).toBe('');
  });

  it('isolates a value put into a sentence, letting one in a right-to-left script keep its direction', () => {
    expect(isolatedIn('XM002610011594', 'enrtl')).toBe(`${LRI}XM002610011594${PDI}`);
    expect(isolatedIn('שלום Ltd', 'enrtl')).toBe(`${FSI}שלום Ltd${PDI}`);
  });
});
