import { describe, expect, it } from 'vitest';
import { buildFlatRate, flatRateChanged, flatRateValues, sectorOptions } from './flat-rate-form';

describe('flat rate form', () => {
  it('starts off the scheme, and turned on chooses no sector or rate for the user', () => {
    const values = flatRateValues(null);
    expect(values).toEqual({ enabled: false, sector: '', rate: '', firstYearUntil: '' });
    expect(buildFlatRate(values)).toEqual({ settings: null });
    expect(buildFlatRate({ ...values, enabled: true })).toEqual({ errors: ['sector', 'rate'] });
    expect(buildFlatRate({ ...values, enabled: true, sector: '004', rate: '12' })).toEqual({
      settings: { sector: '004', rateTenths: 120, firstYearUntil: null, limitedCostTest: true },
    });
  });

  it('keeps saved settings as they are, with the rate in tenths of a per cent', () => {
    const saved = { sector: '001', rateTenths: 145, firstYearUntil: '2026-05-31', limitedCostTest: true };
    const values = flatRateValues(saved);
    expect(values.rate).toBe('14.5');
    expect(buildFlatRate(values)).toEqual({ settings: saved });
    expect(flatRateChanged(values, saved)).toBe(false);
    expect(flatRateChanged({ ...values, rate: '13.5' }, saved)).toBe(true);
    expect(flatRateChanged({ ...values, enabled: false }, saved)).toBe(true);
  });

  it('always applies the limited cost trader test: settings saved without it are saved again with it', () => {
    const skipped = { sector: '001', rateTenths: 145, firstYearUntil: null, limitedCostTest: false };
    const values = flatRateValues(skipped);
    expect(buildFlatRate(values)).toEqual({ settings: { ...skipped, limitedCostTest: true } });
    expect(flatRateChanged(values, skipped)).toBe(true);
  });

  it('says which fields to fix', () => {
    const values = { ...flatRateValues(null), enabled: true };
    expect(buildFlatRate({ ...values, sector: '999', rate: '14.55', firstYearUntil: '2026-02-30' })).toEqual({
      errors: ['sector', 'rate', 'firstYearUntil'],
    });
  });

  it('lists every sector with its rate', () => {
    const options = sectorOptions('en');
    expect(options).toHaveLength(55);
    expect(options[0]).toEqual({ value: '001', label: 'Accountancy or book-keeping — 14.5%' });
  });
});
