import { describe, expect, it } from 'vitest';
import { pairedPaymentsScenario, parseTab, scenarioOptions, vatTabs } from './tabs';

describe('the tab in the address', () => {
  it('reads a known tab and falls back to obligations', () => {
    expect(parseTab('liabilities')).toBe('liabilities');
    expect(parseTab('penalties')).toBe('penalties');
    expect(parseTab(null)).toBe('obligations');
    expect(parseTab('Liabilities')).toBe('obligations');
    expect(parseTab('returns')).toBe('obligations');
  });
});

describe('sandbox test scenarios', () => {
  it('offers every tab its own HMRC scenarios, in Gov-Test-Scenario spelling', () => {
    for (const tab of vatTabs) {
      expect(scenarioOptions[tab].length, tab).toBeGreaterThan(0);
      for (const value of scenarioOptions[tab]) expect(value).toMatch(/^[A-Z0-9_]{1,60}$/);
    }
    expect(scenarioOptions.obligations).toContain('QUARTERLY_ONE_MET');
    expect(scenarioOptions.penalties).toContain('MULTIPLE_PENALTIES');
  });

  it('pairs each liabilities scenario with a payments scenario that exists', () => {
    for (const scenario of scenarioOptions.liabilities) {
      expect(scenarioOptions.payments, scenario).toContain(pairedPaymentsScenario(scenario));
    }
    expect(pairedPaymentsScenario('SINGLE_LIABILITY')).toBe('SINGLE_PAYMENT');
    expect(pairedPaymentsScenario(undefined)).toBeUndefined();
  });
});
