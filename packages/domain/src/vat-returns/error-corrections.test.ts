import { describe, expect, it } from 'vitest';
import {
  decideErrorCorrection,
  earliestCorrectablePeriodEnd,
  errorCorrectionBoxAmounts,
  errorCorrectionInputSchema,
  errorCorrectionLimitPence,
  errorCorrectionProblems,
  vat652Content,
  vat652Text,
  type ErrorCause,
  type ErrorCorrectionInput,
} from './error-corrections';

const error = (
  outputTaxPence: number,
  inputTaxPence = 0,
  cause: ErrorCause = 'reasonableCare',
  period: [string, string] = ['2025-01-01', '2025-03-31'],
): ErrorCorrectionInput => ({
  periodStart: period[0],
  periodEnd: period[1],
  outputTaxPence,
  inputTaxPence,
  cause,
  description: 'Invoice 1042 left out of the sales day book',
  discoveredOn: '2025-08-10',
});

describe('errorCorrectionLimitPence (VAT Notice 700/45, docs/reference/vat-rules.md §4.6)', () => {
  it('is £10,000 while 1% of box 6 is less', () => {
    expect(errorCorrectionLimitPence(0)).toBe(1_000_000);
    expect(errorCorrectionLimitPence(250_000)).toBe(1_000_000);
    expect(errorCorrectionLimitPence(999_999)).toBe(1_000_000);
    expect(errorCorrectionLimitPence(-40_000)).toBe(1_000_000);
  });

  it('is 1% of box 6 between £1m and £5m of box 6', () => {
    expect(errorCorrectionLimitPence(1_000_000)).toBe(1_000_000);
    expect(errorCorrectionLimitPence(1_234_567)).toBe(1_234_567); // £12,345.67
    expect(errorCorrectionLimitPence(4_999_999)).toBe(4_999_999);
  });

  it('is capped at £50,000', () => {
    expect(errorCorrectionLimitPence(5_000_000)).toBe(5_000_000);
    expect(errorCorrectionLimitPence(80_000_000)).toBe(5_000_000);
  });
});

describe('decideErrorCorrection', () => {
  it('corrects on the return up to exactly the limit, and notifies separately a penny over', () => {
    const box6 = 2_000_000_00; // £2,000,000: the limit is £20,000
    const at = decideErrorCorrection([error(1_500_000), error(500_000)], box6);
    expect(at).toMatchObject({
      limitPence: 2_000_000,
      onePercentOfBox6Pence: 2_000_000,
      netPence: 2_000_000,
      method: 'return',
      reason: 'withinLimit',
    });
    expect(decideErrorCorrection([error(1_500_000), error(500_001)], box6)).toMatchObject({
      netPence: 2_000_001,
      method: 'separate',
      reason: 'overLimit',
    });
  });

  it('uses the £10,000 floor for a small business and the £50,000 cap for a large one', () => {
    expect(decideErrorCorrection([error(1_000_000)], 100_000_00).method).toBe('return');
    expect(decideErrorCorrection([error(1_000_001)], 100_000_00).method).toBe('separate');
    expect(decideErrorCorrection([error(5_000_000)], 9_000_000_00).method).toBe('return');
    expect(decideErrorCorrection([error(5_000_001)], 9_000_000_00)).toMatchObject({
      limitPence: 5_000_000,
      onePercentOfBox6Pence: 9_000_000,
      method: 'separate',
    });
  });

  it('nets under-declarations against over-declarations, on output and input tax', () => {
    // £14,000 under-declared on sales, £3,000 of input tax over-claimed, £8,000 of sales over-declared:
    // £9,000 net owed, within the £10,000 floor although the under-declarations alone are over it.
    const working = decideErrorCorrection([error(1_400_000, 300_000), error(-800_000)], 0);
    expect(working).toMatchObject({
      underDeclaredPence: 1_700_000,
      overDeclaredPence: 800_000,
      netPence: 900_000,
      method: 'return',
    });
  });

  it('limits a net value in the business’s favour as one in HMRC’s', () => {
    expect(decideErrorCorrection([error(0, -1_000_000)], 0)).toMatchObject({ netPence: -1_000_000, method: 'return' });
    expect(decideErrorCorrection([error(-600_000, -400_001)], 0)).toMatchObject({
      netPence: -1_000_001,
      method: 'separate',
      reason: 'overLimit',
    });
  });

  it('always notifies a deliberate error separately, however small, with the others found', () => {
    expect(decideErrorCorrection([error(100, 0, 'deliberate')], 9_000_000_00)).toMatchObject({
      method: 'separate',
      reason: 'deliberate',
    });
    expect(decideErrorCorrection([error(50_000), error(100, 0, 'deliberate')], 0).method).toBe('separate');
  });

  it('advises notifying careless errors even when they go on the return', () => {
    expect(decideErrorCorrection([error(50_000, 0, 'careless')], 0)).toMatchObject({
      method: 'return',
      carelessAdvice: true,
    });
    expect(decideErrorCorrection([error(50_000)], 0).carelessAdvice).toBe(false);
    expect(decideErrorCorrection([], 0)).toMatchObject({ method: 'none', reason: 'none', netPence: 0 });
  });

  it('moves box 1 by the output tax and box 4 against the input tax over-claimed', () => {
    expect(errorCorrectionBoxAmounts({ outputTaxPence: 12_000, inputTaxPence: 3_000 })).toEqual({
      box1: 12_000,
      box4: -3_000,
    });
  });
});

describe('the 4-year limit and the period', () => {
  const context = { returnPeriodStart: '2025-07-01', today: '2025-08-20' };

  it('reaches back to periods ending 4 years before the error was found', () => {
    expect(earliestCorrectablePeriodEnd('2025-08-10')).toBe('2021-08-10');
    const edge = { ...error(100, 0, 'careless', ['2021-05-11', '2021-08-10']) };
    expect(errorCorrectionProblems(edge, context)).toEqual([]);
    const late = { ...error(100, 0, 'careless', ['2021-05-10', '2021-08-09']) };
    expect(errorCorrectionProblems(late, context)).toEqual([
      expect.objectContaining({ path: 'periodEnd', message: expect.stringContaining('on or after 2021-08-10') }),
    ]);
  });

  it('takes only earlier periods, and errors found before today and after their period', () => {
    const current = error(100, 0, 'careless', ['2025-07-01', '2025-09-30']);
    expect(errorCorrectionProblems(current, context).map((problem) => problem.path)).toContain('periodEnd');
    expect(errorCorrectionProblems({ ...error(100), discoveredOn: '2025-09-01' }, context)).toEqual([
      expect.objectContaining({ path: 'discoveredOn' }),
    ]);
    expect(errorCorrectionProblems({ ...error(100), discoveredOn: '2025-03-31' }, context)).toEqual([
      expect.objectContaining({ path: 'discoveredOn' }),
    ]);
  });

  it('asks for an amount and a period that ends after it starts', () => {
    const parsed = errorCorrectionInputSchema.safeParse({ ...error(0), periodEnd: '2024-12-31' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual(['outputTaxPence', 'periodEnd']);
  });
});

describe('the separate notification (VAT652)', () => {
  it('sums each period’s output and input tax errors and the net, and says how they arose', () => {
    const content = vat652Content({
      vrn: '123456789',
      businessName: 'Acme Ltd',
      errors: [
        { ...error(2_000_000, 150_000, 'careless', ['2025-01-01', '2025-03-31']), description: 'Missed invoice' },
        { ...error(-20_000, 0, 'reasonableCare', ['2024-10-01', '2024-12-31']), description: 'Credit note' },
        { ...error(0, -5_000, 'careless', ['2025-01-01', '2025-03-31']), description: 'Unclaimed bill' },
      ],
      reason: 'overLimit',
      date: '2025-08-20',
    });
    expect(content.periods).toEqual([
      {
        periodStart: '2024-10-01',
        periodEnd: '2024-12-31',
        outputTaxPence: -20_000,
        inputTaxPence: 0,
        netPence: -20_000,
      },
      {
        periodStart: '2025-01-01',
        periodEnd: '2025-03-31',
        outputTaxPence: 2_000_000,
        inputTaxPence: 145_000,
        netPence: 2_145_000,
      },
    ]);
    expect(content.netPence).toBe(2_125_000);
    const text = vat652Text(content);
    expect(text).toContain('VAT registration number: 123456789');
    expect(text).toContain('Business name: Acme Ltd');
    expect(text).toContain('2024-10-01 to 2024-12-31: output tax £200.00 over-declared');
    expect(text).toContain('input tax £1,450.00 over-claimed; net £21,450.00 due to HMRC');
    expect(text).toContain('Net total: £21,250.00 due to HMRC');
    expect(text).toContain('(careless): Missed invoice');
  });
});
