import type { BoxWarning } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n/i18n';
import { warningText } from './box-warnings';

const negative: BoxWarning = {
  code: 'NEGATIVE_BOXES',
  boxes: [6, 7],
  message: 'Boxes 6 and 7 are negative: …',
  params: { count: 2 },
};
const repayment: BoxWarning = {
  code: 'REPAYMENT_RETURN',
  boxes: [3, 4, 5],
  message: 'Box 4 is more than box 3, so HMRC owes the business £1,234.56. …',
  params: { amountPence: 123_456 },
};
const turnover: BoxWarning = {
  code: 'CASH_ACCOUNTING_TURNOVER_OVER_LIMIT',
  boxes: [1, 4, 6, 7],
  message: 'Taxable turnover from 2025-04-01 to 2026-03-31 was £1,700,000, …',
  params: { turnoverPounds: 170_000_000, from: '2025-04-01', to: '2026-03-31' },
};

describe('a box warning in the user’s language', () => {
  const t = () => i18n.t.bind(i18n) as never;
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('vatReturns');
  });
  afterAll(async () => {
    await i18n.changeLanguage('en');
  });

  it('words the server’s code and figures in English, with the boxes listed and the money formatted', () => {
    expect(warningText(negative, t(), 'en')).toMatch(/^Boxes 6 and 7 are negative: credit notes/);
    expect(warningText(repayment, t(), 'en')).toContain('HMRC owes the business £1,234.56.');
    expect(warningText(turnover, t(), 'en')).toContain('from 1 Apr 2025 to 31 Mar 2026 was £1,700,000,');
  });

  it('words them in Spanish, one box or several', async () => {
    await i18n.changeLanguage('es');
    await i18n.loadNamespaces('vatReturns');
    expect(warningText(negative, t(), 'es')).toMatch(/^Las casillas 6 y 7 son negativas/);
    expect(warningText({ ...negative, boxes: [7], params: { count: 1 } }, t(), 'es')).toMatch(
      /^La casilla 7 es negativa/,
    );
    expect(warningText(repayment, t(), 'es')).toContain('HMRC debe £1234,56 a la empresa');
  });

  it('falls back to the server’s English sentence for a code it has no words for', () => {
    const unknown: BoxWarning = { code: 'SOMETHING_NEW', boxes: [1], message: 'Check box 1.' };
    expect(warningText(unknown, t(), 'en')).toBe('Check box 1.');
  });
});
