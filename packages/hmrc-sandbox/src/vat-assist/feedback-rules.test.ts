import { describe, expect, it } from 'vitest';
import type { ReturnBoxesPence } from '../vat/validation';
import { feedbackMessages } from './feedback-messages';
import { assessDraft, type DraftContext, type HistoryReturn, maxMessages } from './feedback-rules';

/** A consistent return in pence: box 3 and box 5 worked out, NI boxes zero unless told. */
function boxes(
  sales: number,
  vatOnSales: number,
  purchases: number,
  vatReclaimed: number,
  changes: Partial<ReturnBoxesPence> = {},
): ReturnBoxesPence {
  const base = {
    vatDueSales: vatOnSales,
    vatDueAcquisitions: 0,
    totalValueSalesExVAT: sales,
    totalValuePurchasesExVAT: purchases,
    totalValueGoodsSuppliedExVAT: 0,
    totalAcquisitionsExVAT: 0,
    vatReclaimedCurrPeriod: vatReclaimed,
    ...changes,
  };
  const totalVatDue = base.vatDueSales + base.vatDueAcquisitions;
  return { ...base, totalVatDue, netVatDue: Math.abs(totalVatDue - base.vatReclaimedCurrPeriod) };
}

/** £30,000 of sales a quarter, all standard-rated; £10,000 of purchases. */
const usual = boxes(3_000_000, 600_000, 1_000_000, 200_000);
const ends = ['2026-03-31', '2025-12-31', '2025-09-30', '2025-06-30'];
const history = (returns: ReturnBoxesPence[]): HistoryReturn[] =>
  returns.map((b, index) => ({ periodKey: `26A${index}`, end: ends[index] ?? '2025-03-31', boxes: b }));
const withHistory: DraftContext = { history: history([usual, usual, usual, usual]) };
const noHistory: DraftContext = { history: [] };

const rulesOf = (draft: ReturnBoxesPence, context: DraftContext) => assessDraft(draft, context).map((f) => f.rule);

describe('within the return', () => {
  it('says nothing about a return like the business’s usual ones', () => {
    expect(assessDraft(boxes(3_100_000, 620_000, 950_000, 190_000), withHistory)).toEqual([]);
  });

  it('finds VAT on sales above 20% of sales, with what is at stake', () => {
    const [finding] = assessDraft(boxes(1_000_000, 250_000, 0, 0), noHistory);
    expect(finding).toEqual({ rule: 'outputVatHigh', atStake: 50_000, box1: 250_000, box6: 1_000_000 });
  });

  it('allows for the pence box 6 drops and for rounding across invoices', () => {
    // £10,000.99 of sales at 20% is £2,000.20, box 6 says £10,000.
    expect(rulesOf(boxes(1_000_000, 200_020, 0, 0), noHistory)).toEqual([]);
    expect(rulesOf(boxes(1_000_000, 200_120, 0, 0), noHistory)).toEqual([]);
    expect(rulesOf(boxes(1_000_000, 201_200, 0, 0), noHistory)).toEqual(['outputVatHigh']);
  });

  it('finds VAT on sales with no sales in box 6', () => {
    expect(rulesOf(boxes(0, 10_000, 0, 0), noHistory)).toEqual(['outputVatHigh']);
  });

  it('finds sales with no VAT, unless the business never charged VAT', () => {
    expect(rulesOf(boxes(500_000, 0, 0, 0), noHistory)).toEqual(['salesWithoutVat']);
    expect(rulesOf(boxes(3_000_000, 0, 1_000_000, 200_000), withHistory)).toContain('salesWithoutVat');
    const zeroRated = { history: history([boxes(3_000_000, 0, 1_000_000, 0)]) };
    expect(rulesOf(boxes(3_000_000, 0, 1_000_000, 0), zeroRated)).not.toContain('salesWithoutVat');
  });

  it('finds VAT reclaimed above 20% of purchases, or with no purchases', () => {
    expect(rulesOf(boxes(1_000_000, 200_000, 100_000, 150_000), noHistory)).toEqual(['inputVatHigh']);
    expect(rulesOf(boxes(1_000_000, 200_000, 0, 5_000), noHistory)).toEqual(['inputVatHigh']);
  });

  it('checks the Northern Ireland boxes against their totals and box 2', () => {
    const acquisitions = boxes(1_000_000, 200_000, 500_000, 100_000, { totalAcquisitionsExVAT: 200_000 });
    expect(rulesOf(acquisitions, noHistory)).toEqual(['acquisitionsWithoutVat']);
    const dispatches = boxes(100_000, 20_000, 0, 0, { totalValueGoodsSuppliedExVAT: 300_000 });
    expect(assessDraft(dispatches, noHistory)).toEqual([
      { rule: 'niValueOverTotal', atStake: 40_000, box: 8, value: 300_000, total: 100_000 },
    ]);
  });
});

describe('on the Flat Rate Scheme (14.5%)', () => {
  const frs: DraftContext = { history: [], flatRateTenths: 145 };

  it('expects box 1 to be the flat rate of box 6, the turnover including VAT', () => {
    expect(rulesOf(boxes(1_200_000, 174_000, 0, 0), frs)).toEqual([]);
    expect(assessDraft(boxes(1_200_000, 120_000, 0, 0), frs)).toEqual([
      {
        rule: 'flatRateOutputLow',
        atStake: 54_000,
        rateTenths: 145,
        box1: 120_000,
        box6: 1_200_000,
        expected: 174_000,
      },
    ]);
  });

  it('does not apply the 20% rules, and points out VAT reclaimed', () => {
    // 14.5% of £12,000 is £1,740: more than 20% of nothing in box 7, yet right on the scheme.
    expect(rulesOf(boxes(1_200_000, 174_000, 40_000, 40_000), frs)).toEqual(['flatRateInputVat']);
  });
});

describe('against the business’s history', () => {
  it('finds VAT on sales a smaller share of sales than usual', () => {
    const [finding] = assessDraft(boxes(3_000_000, 300_000, 1_000_000, 200_000), withHistory);
    expect(finding).toEqual({
      rule: 'outputVatLow',
      atStake: 300_000,
      draftRateTenths: 100,
      historyRateTenths: 200,
      returns: 4,
    });
  });

  it('finds sales far above or below the usual', () => {
    expect(rulesOf(boxes(7_000_000, 1_400_000, 1_000_000, 200_000), withHistory)).toEqual(['salesChange']);
    const [lower] = assessDraft(boxes(1_000_000, 200_000, 1_000_000, 200_000), withHistory);
    expect(lower).toMatchObject({ rule: 'salesChange', average: 3_000_000, changePercent: 67, returns: 4 });
  });

  it('finds VAT reclaimed much above the usual, and a first repayment', () => {
    const draft = boxes(3_000_000, 600_000, 5_000_000, 1_000_000);
    expect(rulesOf(draft, withHistory)).toEqual(['reclaimRise', 'unusualRepayment']);
  });

  it('finds the same nine figures as the last return', () => {
    expect(rulesOf(usual, withHistory)).toEqual(['sameAsLastReturn']);
  });

  it('keeps the five findings with the most VAT at stake, largest first', () => {
    const messy = boxes(100_000, 500_000, 100, 900_000, {
      vatDueAcquisitions: 0,
      totalAcquisitionsExVAT: 500_000,
      totalValueGoodsSuppliedExVAT: 200_000,
    });
    const findings = assessDraft(messy, withHistory);
    expect(findings).toHaveLength(maxMessages);
    const atStake = findings.map((f) => f.atStake);
    expect(atStake).toEqual([...atStake].sort((a, b) => b - a));
  });
});

describe('the messages', () => {
  it('numbers them from 001 and gives each in English and Welsh with the same figures and links', () => {
    // £500 too much VAT on sales comes before £100 too much reclaimed.
    const findings = assessDraft(boxes(1_000_000, 250_000, 100_000, 30_000), noHistory);
    const { englishFeedback, welshFeedback } = feedbackMessages(findings);
    expect(englishFeedback.map((m) => m.itemNumber)).toEqual(['001', '002']);
    expect(welshFeedback.map((m) => m.itemNumber)).toEqual(['001', '002']);
    expect(englishFeedback[0]).toMatchObject({
      title: 'VAT due on sales appears high',
      path: 'vatDueSales',
      body: expect.stringContaining('Box 1 is £2,500.00. This is more than 20% of the sales in box 6 (£10,000.00).'),
    });
    expect(welshFeedback[0]?.body).toContain('Mae blwch 1 yn £2,500.00.');
    englishFeedback.forEach((english, index) => {
      const welsh = welshFeedback[index];
      expect(welsh?.path).toBe(english.path);
      expect(welsh?.links?.map((link) => link.url)).toEqual(english.links?.map((link) => link.url));
      expect(english.links?.every((link) => link.url.startsWith('https://www.gov.uk/'))).toBe(true);
    });
  });

  it('words each rule in both languages', () => {
    const everyRule = [
      assessDraft(boxes(1_000_000, 250_000, 100_000, 150_000), noHistory),
      assessDraft(boxes(500_000, 0, 0, 0), noHistory),
      assessDraft(boxes(3_000_000, 300_000, 5_000_000, 1_000_000), withHistory),
      assessDraft(boxes(1_200_000, 120_000, 0, 40_000), { history: [], flatRateTenths: 145 }),
      assessDraft(
        boxes(100_000, 20_000, 0, 0, { totalValueGoodsSuppliedExVAT: 300_000, totalAcquisitionsExVAT: 1 }),
        noHistory,
      ),
      assessDraft(boxes(7_000_000, 1_400_000, 1_000_000, 200_000), withHistory),
      assessDraft(usual, { history: history([usual]) }),
    ].flat();
    const rules = new Set(everyRule.map((f) => f.rule));
    expect(rules.size).toBe(12);
    const { englishFeedback, welshFeedback } = feedbackMessages(everyRule);
    for (const message of [...englishFeedback, ...welshFeedback]) {
      expect(message.title.length).toBeGreaterThan(5);
      expect(message.body).not.toMatch(/undefined|NaN/);
      expect(message.action).toBeTruthy();
    }
    expect(englishFeedback.find((m) => m.title.startsWith('The figures are the same'))?.body).toContain(
      '31 March 2026',
    );
    expect(welshFeedback.find((m) => m.title.startsWith("Mae'r ffigurau"))?.body).toContain('31 Mawrth 2026');
  });
});
