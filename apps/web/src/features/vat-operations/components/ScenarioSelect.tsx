import { Badge, Group, NativeSelect, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type VatTab, scenarioOptions } from '../tabs';

interface ScenarioSelectProps {
  tab: VatTab;
  value: string;
  onChange: (scenario: string) => void;
}

/** HMRC sandbox only: asks HMRC for one of its canned answers (Gov-Test-Scenario), for demonstrations. */
export function ScenarioSelect({ tab, value, onChange }: ScenarioSelectProps) {
  const { t } = useTranslation(['common', 'vatOperations']);
  return (
    <Paper withBorder p="sm" bg="var(--mantine-color-default-hover)">
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label={t('vatOperations:scenario.label')}
          description={t('vatOperations:scenario.description')}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          data={[
            { value: '', label: t('vatOperations:scenario.none') },
            ...scenarioOptions[tab].map((scenario) => ({ value: scenario, label: scenario })),
          ]}
          data-testid="test-scenario"
          style={{ flex: 1 }}
          maw={560}
        />
        <Badge variant="outline" color="grape">
          {t('vatOperations:scenario.sandbox')}
        </Badge>
      </Group>
    </Paper>
  );
}
