import { Stack, Tabs } from '@mantine/core';
import { ukToday } from '@vatwise/domain';
import { IconAlertTriangle, IconCalendarDue, IconCash, IconReceipt } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { clientConfig } from '../../../shared/config/client-config';
import { type DateRange, defaultDateRange } from '../date-range';
import { type VatTab, parseTab, vatTabs } from '../tabs';
import { LiabilitiesTab } from './LiabilitiesTab';
import { type ObligationFilters, ObligationsTab } from './ObligationsTab';
import { PaymentsTab } from './PaymentsTab';
import { PenaltiesTab } from './PenaltiesTab';
import { ScenarioSelect } from './ScenarioSelect';

const tabIcons: Record<VatTab, typeof IconReceipt> = {
  obligations: IconCalendarDue,
  liabilities: IconReceipt,
  payments: IconCash,
  penalties: IconAlertTriangle,
};

const noScenarios: Record<VatTab, string> = { obligations: '', liabilities: '', payments: '', penalties: '' };

/**
 * The four lists of one business. The open tab is in the address (?tab=), so a reload or a shared
 * link opens the same one; the filters live here so switching tabs does not lose them.
 */
export function VatOperationsTabs({ vrn }: { vrn: string }) {
  const { t } = useTranslation(['common', 'vatOperations']);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = parseTab(searchParams.get('tab'));
  // Fixed when the screen opens, so the default dates do not move under someone working past midnight.
  const [today] = useState(() => ukToday());
  const [obligationFilters, setObligationFilters] = useState<ObligationFilters>(() => ({
    ...defaultDateRange(today),
    status: 'All',
  }));
  // Liabilities and payments are read together (the chart compares them), so they share their dates.
  const [moneyRange, setMoneyRange] = useState<DateRange>(() => defaultDateRange(today));
  const [scenarios, setScenarios] = useState(noScenarios);
  const sandbox = clientConfig.hmrcEnvironment === 'sandbox';
  const scenarioOf = (name: VatTab) => (sandbox && scenarios[name]) || undefined;

  const selectTab = (value: string | null) =>
    setSearchParams(
      (params) => {
        params.set('tab', parseTab(value));
        return params;
      },
      { replace: true },
    );

  return (
    <Tabs value={tab} onChange={selectTab} keepMounted={false}>
      <Tabs.List aria-label={t('vatOperations:tabs.label')}>
        {vatTabs.map((name) => {
          const Icon = tabIcons[name];
          return (
            <Tabs.Tab key={name} value={name} leftSection={<Icon size={16} aria-hidden="true" />}>
              {t(`vatOperations:tabs.${name}`)}
            </Tabs.Tab>
          );
        })}
      </Tabs.List>
      <Stack gap="md" pt="md">
        {sandbox && (
          <ScenarioSelect
            tab={tab}
            value={scenarios[tab]}
            onChange={(scenario) => setScenarios((current) => ({ ...current, [tab]: scenario }))}
          />
        )}
        <Tabs.Panel value="obligations">
          <ObligationsTab
            vrn={vrn}
            scenario={scenarioOf('obligations')}
            filters={obligationFilters}
            onFiltersChange={setObligationFilters}
            today={today}
          />
        </Tabs.Panel>
        <Tabs.Panel value="liabilities">
          <LiabilitiesTab
            vrn={vrn}
            scenario={scenarioOf('liabilities')}
            range={moneyRange}
            onRangeChange={setMoneyRange}
            today={today}
          />
        </Tabs.Panel>
        <Tabs.Panel value="payments">
          <PaymentsTab
            vrn={vrn}
            scenario={scenarioOf('payments')}
            range={moneyRange}
            onRangeChange={setMoneyRange}
            today={today}
          />
        </Tabs.Panel>
        <Tabs.Panel value="penalties">
          <PenaltiesTab vrn={vrn} scenario={scenarioOf('penalties')} today={today} />
        </Tabs.Panel>
      </Stack>
    </Tabs>
  );
}
