import { describe, expect, it } from 'vitest';
import { customerInformationResponseSchema } from './customer-information';
import { liabilitiesResponseSchema } from './liabilities';
import { obligationsResponseSchema } from './obligations';
import { paymentsResponseSchema } from './payments';
import { vatResponseSchemas } from './vat-response-schemas';

// HMRC's legacy-raml examples ObligationsQuarterly.json, ObligationsMonthly.json, Liabilities.json, Payments.json.
const quarterlyObligationsExample = {
  obligations: [
    {
      start: '2017-01-01',
      end: '2017-03-31',
      due: '2017-05-07',
      status: 'F',
      periodKey: '18A1',
      received: '2017-05-06',
    },
    { start: '2017-04-01', end: '2017-06-30', due: '2017-08-07', status: 'O', periodKey: '18A2' },
  ],
};

const monthlyObligationsExample = {
  obligations: [
    {
      start: '2017-01-01',
      end: '2017-01-31',
      due: '2017-03-07',
      status: 'F',
      periodKey: '18AD',
      received: '2017-03-06',
    },
    { start: '2017-02-01', end: '2017-02-28', due: '2017-04-07', status: 'O', periodKey: '18AE' },
  ],
};

const liabilitiesExample = {
  liabilities: [
    {
      taxPeriod: { from: '2018-04-06', to: '2018-07-06' },
      type: 'VAT ...',
      originalAmount: 6000.3,
      outstandingAmount: 100.51,
      due: '2018-07-06',
    },
  ],
};

const paymentsExample = { payments: [{ amount: 100.05, received: '2018-04-06' }] };

describe('obligations response', () => {
  it("reads HMRC's quarterly and monthly examples", () => {
    expect(obligationsResponseSchema.parse(quarterlyObligationsExample)).toEqual(quarterlyObligationsExample);
    expect(obligationsResponseSchema.safeParse(monthlyObligationsExample).success).toBe(true);
  });

  it('refuses an unknown status, a bad period key, an impossible date and an empty list', () => {
    const [fulfilled] = quarterlyObligationsExample.obligations;
    expect(obligationsResponseSchema.safeParse({ obligations: [{ ...fulfilled, status: 'X' }] }).success).toBe(false);
    expect(obligationsResponseSchema.safeParse({ obligations: [{ ...fulfilled, periodKey: '18a1' }] }).success).toBe(
      false,
    );
    expect(obligationsResponseSchema.safeParse({ obligations: [{ ...fulfilled, due: '2017-02-30' }] }).success).toBe(
      false,
    );
    // HMRC answers 404 NOT_FOUND instead of an empty list.
    expect(obligationsResponseSchema.safeParse({ obligations: [] }).success).toBe(false);
  });
});

describe('liabilities and payments responses', () => {
  it("reads HMRC's examples", () => {
    expect(liabilitiesResponseSchema.parse(liabilitiesExample)).toEqual(liabilitiesExample);
    expect(paymentsResponseSchema.parse(paymentsExample)).toEqual(paymentsExample);
  });

  it('reads a liability without tax period or due date, as HMRC allows', () => {
    expect(
      liabilitiesResponseSchema.safeParse({
        liabilities: [{ type: 'VAT Return Debit Charge', originalAmount: 463872 }],
      }).success,
    ).toBe(true);
  });

  it('refuses 3 decimal places, a charge type over 30 characters and an empty list', () => {
    const [liability] = liabilitiesExample.liabilities;
    expect(
      liabilitiesResponseSchema.safeParse({ liabilities: [{ ...liability, originalAmount: 6000.301 }] }).success,
    ).toBe(false);
    expect(liabilitiesResponseSchema.safeParse({ liabilities: [{ ...liability, type: 'X'.repeat(31) }] }).success).toBe(
      false,
    );
    expect(liabilitiesResponseSchema.safeParse({ liabilities: [] }).success).toBe(false);
    expect(paymentsResponseSchema.safeParse({ payments: [{ amount: 100.055 }] }).success).toBe(false);
    expect(paymentsResponseSchema.safeParse({ payments: [] }).success).toBe(false);
  });
});

describe('customer information response', () => {
  it("reads HMRC's example and the answers without registration date or Flat Rate Scheme", () => {
    const example = {
      customerDetails: { effectiveRegistrationDate: '2001-01-01' },
      flatRateScheme: { frsCategory: '001', startDate: '2001-01-01' },
    };
    expect(customerInformationResponseSchema.parse(example)).toEqual(example);
    expect(customerInformationResponseSchema.safeParse({ customerDetails: {} }).success).toBe(true);
    expect(customerInformationResponseSchema.safeParse({}).success).toBe(true);
    expect(customerInformationResponseSchema.safeParse({ flatRateScheme: { frsCategory: '999' } }).success).toBe(true);
  });

  it('refuses a Flat Rate Scheme category HMRC does not define', () => {
    for (const frsCategory of ['056', '1', '000']) {
      expect(customerInformationResponseSchema.safeParse({ flatRateScheme: { frsCategory } }).success).toBe(false);
    }
  });
});

describe('vatResponseSchemas', () => {
  it('has a success schema for each of the eight VAT endpoints', () => {
    expect(Object.keys(vatResponseSchemas).sort()).toEqual(
      [
        'customerInformation',
        'financialDetails',
        'liabilities',
        'obligations',
        'payments',
        'penalties',
        'submitReturn',
        'viewReturn',
      ].sort(),
    );
  });

  it('checks each endpoint with its own schema', () => {
    expect(vatResponseSchemas.obligations.safeParse(quarterlyObligationsExample).success).toBe(true);
    expect(vatResponseSchemas.payments.safeParse(quarterlyObligationsExample).success).toBe(false);
    expect(vatResponseSchemas.penalties.safeParse({}).success).toBe(true);
  });
});
