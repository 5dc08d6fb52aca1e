/** The screen's tabs, in the product reference's order; the value is what `?tab=` holds in the address. */
export const vatTabs = ['obligations', 'liabilities', 'payments', 'penalties'] as const;
export type VatTab = (typeof vatTabs)[number];

/** The tab named in the address, or the first one for a missing or unknown name. */
export function parseTab(value: string | null): VatTab {
  return vatTabs.find((tab) => tab === value) ?? 'obligations';
}

/**
 * HMRC Gov-Test-Scenario values offered per tab (sandbox only). Each endpoint knows its own names,
 * so a tab never sends another tab's scenario.
 */
export const scenarioOptions: Record<VatTab, readonly string[]> = {
  obligations: ['QUARTERLY_NONE_MET', 'QUARTERLY_ONE_MET', 'MONTHLY_THREE_MET', 'INSOLVENT_TRADER', 'NOT_FOUND'],
  liabilities: ['SINGLE_LIABILITY', 'MULTIPLE_LIABILITIES', 'INSOLVENT_TRADER'],
  payments: ['SINGLE_PAYMENT', 'MULTIPLE_PAYMENTS', 'INSOLVENT_TRADER'],
  penalties: ['LATE_SUBMISSION', 'LATE_PAYMENT', 'MULTIPLE_PENALTIES', 'NO_PENALTIES'],
};

/**
 * HMRC's canned liabilities and payments come in matching pairs (the same 2017 periods), so the
 * Liabilities tab's chart asks payments for the pair of the chosen liabilities scenario.
 */
const paymentsPairedWith: Record<string, string> = {
  SINGLE_LIABILITY: 'SINGLE_PAYMENT',
  MULTIPLE_LIABILITIES: 'MULTIPLE_PAYMENTS',
  INSOLVENT_TRADER: 'INSOLVENT_TRADER',
};

export function pairedPaymentsScenario(liabilitiesScenario: string | undefined): string | undefined {
  return liabilitiesScenario ? paymentsPairedWith[liabilitiesScenario] : undefined;
}
