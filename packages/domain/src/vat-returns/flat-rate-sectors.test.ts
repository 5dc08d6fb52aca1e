import { describe, expect, it } from 'vitest';
import {
  firstYearRateTenths,
  firstYearReductionTenths,
  flatRateSector,
  flatRateSectors,
  limitedCostRateTenths,
} from './flat-rate-sectors';

describe('flat rate sectors (docs/reference/vat-rules.md §2.8)', () => {
  it('has all 55 sectors, codes 001 to 055 in order, each once', () => {
    expect(flatRateSectors).toHaveLength(55);
    expect(new Set(flatRateSectors.map((sector) => sector.code)).size).toBe(55);
    expect(flatRateSectors.map((sector) => sector.code)).toEqual(
      Array.from({ length: 55 }, (_, index) => String(index + 1).padStart(3, '0')),
    );
    for (const sector of flatRateSectors) {
      expect(sector.name.trim()).not.toBe('');
      expect(Number.isInteger(sector.rateTenths)).toBe(true);
      expect(sector.rateTenths).toBeGreaterThanOrEqual(40);
      expect(sector.rateTenths).toBeLessThanOrEqual(145);
    }
  });

  it('holds the published rates', () => {
    const rates = Object.fromEntries(flatRateSectors.map((sector) => [sector.code, sector.rateTenths]));
    expect(rates).toMatchObject({
      '001': 145, // accountancy
      '002': 110, // advertising
      '008': 125, // catering
      '009': 145, // IT consultancy
      '013': 65, // farming
      '017': 95, // general building
      '020': 105, // hotel
      '022': 145, // labour-only building
      '026': 140, // management consultancy
      '035': 50, // post offices
      '036': 85, // printing
      '038': 65, // pubs
      '042': 40, // retailing food
      '044': 75, // retailing not listed elsewhere
      '049': 100, // transport
      '055': 105, // waste or scrap
    });
    expect(flatRateSector('009')?.name).toBe('Computer and IT consultancy or data processing');
    expect(flatRateSector('055')?.name).toBe('Dealing in waste or scrap');
  });

  it('gives nothing for an unknown code', () => {
    expect(flatRateSector('056')).toBeUndefined();
    expect(flatRateSector('999')).toBeUndefined();
    expect(flatRateSector('9')).toBeUndefined();
  });

  it('takes 1 percentage point off in the first year, also off the 16.5% limited cost rate', () => {
    expect(limitedCostRateTenths).toBe(165);
    expect(firstYearReductionTenths).toBe(10);
    expect(firstYearRateTenths(limitedCostRateTenths)).toBe(155);
    expect(firstYearRateTenths(145)).toBe(135);
    expect(firstYearRateTenths(40)).toBe(30); // retailing food: 4% → 3%
    expect(firstYearRateTenths(5)).toBe(0);
    for (const sector of flatRateSectors) {
      expect(firstYearRateTenths(sector.rateTenths)).toBe(sector.rateTenths - 10);
    }
  });
});
