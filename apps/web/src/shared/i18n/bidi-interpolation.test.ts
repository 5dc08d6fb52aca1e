import { beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../format/format';
import { i18n, initI18n } from './i18n';

describe('values put into translated sentences', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18n.loadNamespaces('vatReturns');
  });

  it('keeps a VRN, an amount and a count whole in the right-to-left language, isolated once', async () => {
    await i18n.changeLanguage('enrtl');
    try {
      expect(i18n.t('vatReturns:vrn', { vrn: '747 0996 59' })).toBe('VRN \u2066747 0996 59\u2069');
      expect(i18n.t('common:duration.days', { count: 3 })).toBe('\u20663\u2069 days');
      // A formatted amount arrives isolated already and is not isolated again.
      expect(i18n.t('vatReturns:vrn', { vrn: formatMoney(-1_250, 'enrtl') })).toBe('VRN \u2066\u2212£12.50\u2069');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('puts values in as they are in a left-to-right language, without escaping them as HTML', () => {
    expect(i18n.t('vatReturns:vrn', { vrn: '747 0996 59' })).toBe('VRN 747 0996 59');
    expect(i18n.t('vatReturns:vrn', { vrn: 'A & B <Ltd>' })).toBe('VRN A & B <Ltd>');
  });
});
