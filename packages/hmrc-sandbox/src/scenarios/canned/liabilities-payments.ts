/**
 * Canned liabilities and payments (docs/reference/hmrc-vat-api.md §3.7, 3.8, 4.4, 4.5) for HMRC's Gov-Test-Scenario
 * values (docs/reference/hmrc-vat-api.md §4). HMRC does not publish its stub's data (4, last paragraph), so the
 * bodies follow HMRC's published examples (VAT-OAS and the legacy RAML `examples/`, copied here,
 * never read at run time) and the wording of each scenario in HMRC's test-data tables. Data only;
 * the choice between bodies is made in ../resolve.ts.
 */

export interface Liability {
  taxPeriod?: { from: string; to: string };
  type: string;
  originalAmount: number;
  outstandingAmount?: number;
  due?: string;
}

/**
 * A payment as the stub holds it: the wire body has only `amount` and `received` (3.8), but the
 * charge it pays has a tax period whose `to` date decides whether it falls in the requested range.
 */
export interface CannedPayment {
  amount: number;
  received?: string;
  taxPeriodTo: string;
}

// Each scenario's tax-period `to` dates fall inside the window HMRC's table names for it (4.4).
export const liabilities: Record<
  'SINGLE_LIABILITY' | 'MULTIPLE_LIABILITIES' | 'SINGLE_LIABILITY_2018_19' | 'MULTIPLE_LIABILITIES_2018_19',
  Liability[]
> = {
  SINGLE_LIABILITY: [
    {
      taxPeriod: { from: '2017-01-01', to: '2017-01-31' },
      type: 'VAT Return Debit Charge',
      originalAmount: 4638.72,
      outstandingAmount: 4638.72,
      due: '2017-03-07',
    },
  ],
  MULTIPLE_LIABILITIES: [
    {
      taxPeriod: { from: '2017-04-01', to: '2017-04-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: 1500,
      outstandingAmount: 0,
      due: '2017-06-07',
    },
    {
      taxPeriod: { from: '2017-07-01', to: '2017-07-31' },
      type: 'VAT Central Assessment',
      originalAmount: 8200.5,
      outstandingAmount: 7200.5,
      due: '2017-09-07',
    },
    {
      taxPeriod: { from: '2017-10-01', to: '2017-10-31' },
      type: 'VAT OA Debit Charge',
      originalAmount: 3000,
      outstandingAmount: 2750,
      due: '2017-12-07',
    },
  ],
  SINGLE_LIABILITY_2018_19: [
    {
      taxPeriod: { from: '2018-01-01', to: '2018-01-31' },
      type: 'VAT Return Debit Charge',
      originalAmount: 2500.12,
      outstandingAmount: 2500.12,
      due: '2018-03-07',
    },
  ],
  MULTIPLE_LIABILITIES_2018_19: [
    {
      taxPeriod: { from: '2018-04-01', to: '2018-04-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: 1200,
      outstandingAmount: 600,
      due: '2018-06-07',
    },
    {
      taxPeriod: { from: '2018-06-01', to: '2018-08-31' },
      type: "VAT Officer's Assessment",
      originalAmount: 2200,
      outstandingAmount: 2200,
      due: '2018-10-07',
    },
    {
      taxPeriod: { from: '2018-11-01', to: '2018-11-30' },
      type: 'VAT Return Debit Charge',
      originalAmount: 800.45,
      outstandingAmount: 0,
      due: '2019-01-07',
    },
  ],
};

// Windows as in HMRC's table (4.5). One MULTIPLE_PAYMENTS item has no `received`: it is optional on
// the wire (3.8) and clients must cope with it.
export const payments: Record<
  'SINGLE_PAYMENT' | 'MULTIPLE_PAYMENTS' | 'SINGLE_PAYMENT_2018_19' | 'MULTIPLE_PAYMENTS_2018_19',
  CannedPayment[]
> = {
  SINGLE_PAYMENT: [{ amount: 1534.65, received: '2017-03-05', taxPeriodTo: '2017-01-31' }],
  MULTIPLE_PAYMENTS: [
    { amount: 5, received: '2017-04-11', taxPeriodTo: '2017-02-28' },
    { amount: 50, received: '2017-05-11', taxPeriodTo: '2017-03-31' },
    { amount: 1000, received: '2017-06-12', taxPeriodTo: '2017-04-30' },
    { amount: 321, received: '2017-10-05', taxPeriodTo: '2017-08-31' },
    { amount: 91, taxPeriodTo: '2017-11-30' },
  ],
  SINGLE_PAYMENT_2018_19: [{ amount: 2500.12, received: '2018-03-06', taxPeriodTo: '2018-01-31' }],
  MULTIPLE_PAYMENTS_2018_19: [
    { amount: 600, received: '2018-05-02', taxPeriodTo: '2018-03-31' },
    { amount: 1200, received: '2018-06-07', taxPeriodTo: '2018-04-30' },
    { amount: 800.45, received: '2019-01-04', taxPeriodTo: '2018-11-30' },
  ],
};
