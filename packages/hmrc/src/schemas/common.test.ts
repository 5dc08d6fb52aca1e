import { describe, expect, it } from 'vitest';
import {
  decimalPlaces,
  hmrcDateTimeSchema,
  isCalendarDate,
  isoDateSchema,
  netVatDueSchema,
  periodKeySchema,
  signedMoneySchema,
  wholePoundsSchema,
} from './common';

describe('dates', () => {
  it('accepts real calendar dates written YYYY-MM-DD, including 29 February of a leap year', () => {
    for (const date of ['2017-01-25', '2024-02-29', '2000-02-29', '9999-12-31']) {
      expect(isoDateSchema.safeParse(date).success).toBe(true);
    }
  });

  it('refuses days that do not exist, as HMRC does (2017-02-30, 2017-13-01)', () => {
    for (const date of ['2017-02-30', '2017-13-01', '2017-00-10', '2017-04-31', '2023-02-29', '1900-02-29']) {
      expect(isCalendarDate(date)).toBe(false);
    }
  });

  it('refuses other date formats', () => {
    for (const date of ['2017-1-25', '25/01/2017', '2017-01-25T00:00:00Z', '20170125', '']) {
      expect(isoDateSchema.safeParse(date).success).toBe(false);
    }
  });

  it('accepts the processing date-times HMRC sends and its documented example', () => {
    expect(hmrcDateTimeSchema.safeParse('2018-03-01T11:43:43.195Z').success).toBe(true);
    expect(hmrcDateTimeSchema.safeParse('2018-01-16T08:20:27.895+0000').success).toBe(true);
    expect(hmrcDateTimeSchema.safeParse('2018-02-14T09:32:15+01:00').success).toBe(true);
  });

  it('refuses date-times without a zone or on a day that does not exist', () => {
    expect(hmrcDateTimeSchema.safeParse('2018-03-01T11:43:43').success).toBe(false);
    expect(hmrcDateTimeSchema.safeParse('2018-02-30T11:43:43Z').success).toBe(false);
    expect(hmrcDateTimeSchema.safeParse('2018-03-01').success).toBe(false);
  });
});

describe('period keys', () => {
  it('accepts four characters from # 0-9 A-Z', () => {
    for (const periodKey of ['18A1', '18AD', '0418', '#001', 'A001', '0000', '9999']) {
      expect(periodKeySchema.safeParse(periodKey).success).toBe(true);
    }
  });

  it('refuses lower case, other symbols and other lengths', () => {
    for (const periodKey of ['18a1', '18A', '18A12', '18-1', '%23001', '']) {
      expect(periodKeySchema.safeParse(periodKey).success).toBe(false);
    }
  });
});

describe('money', () => {
  it('counts decimal places as the number is written in JSON', () => {
    expect(decimalPlaces(100)).toBe(0);
    expect(decimalPlaces(100.1)).toBe(1);
    expect(decimalPlaces(-100.45)).toBe(2);
    expect(decimalPlaces(1.005)).toBe(3);
    expect(decimalPlaces(0.1 + 0.2)).toBe(17);
    expect(decimalPlaces(1.5e-7)).toBe(8);
  });

  it('accepts up to 2 decimal places within ±9,999,999,999,999.99 for boxes 1–4', () => {
    for (const amount of [0, 105.5, -100.45, 9_999_999_999_999.99, -9_999_999_999_999.99]) {
      expect(signedMoneySchema.safeParse(amount).success).toBe(true);
    }
  });

  it('refuses 3 decimal places, floating-point noise and amounts out of range', () => {
    for (const amount of [105.555, 0.1 + 0.2, 10_000_000_000_000, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(signedMoneySchema.safeParse(amount).success).toBe(false);
    }
    expect(signedMoneySchema.safeParse('105.50').success).toBe(false);
  });

  it('keeps box 5 between 0 and 99,999,999,999.99', () => {
    expect(netVatDueSchema.safeParse(0).success).toBe(true);
    expect(netVatDueSchema.safeParse(99_999_999_999.99).success).toBe(true);
    expect(netVatDueSchema.safeParse(-0.01).success).toBe(false);
    expect(netVatDueSchema.safeParse(100_000_000_000).success).toBe(false);
  });

  it('keeps boxes 6–9 to whole pounds within ±9,999,999,999,999', () => {
    expect(wholePoundsSchema.safeParse(500).success).toBe(true);
    expect(wholePoundsSchema.safeParse(-9_999_999_999_999).success).toBe(true);
    expect(wholePoundsSchema.safeParse(500.5).success).toBe(false);
    expect(wholePoundsSchema.safeParse(500.01).success).toBe(false);
    expect(wholePoundsSchema.safeParse(10_000_000_000_000).success).toBe(false);
  });
});
