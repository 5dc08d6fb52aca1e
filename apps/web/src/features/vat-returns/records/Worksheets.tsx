import { Accordion, Text } from '@mantine/core';
import type { ReturnDraft } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { BadDebtReliefPanel } from './BadDebtReliefPanel';
import { MarginSchemePanel } from '../schemes/MarginSchemePanel';

/**
 * Worksheets that work out an adjustment and add it to the records: bad debt relief always, the
 * margin scheme stock book when the business is on the margin scheme for the period. Closed until
 * opened, so the records list stays in view.
 */
export function Worksheets({ draft, editable }: { draft: ReturnDraft; editable: boolean }) {
  const { t } = useTranslation(['common', 'vatReturns']);
  const onMarginScheme = draft.schemes.includes('marginScheme');
  return (
    <Accordion variant="separated" multiple data-testid="worksheets">
      {onMarginScheme && (
        <Accordion.Item value="margin-scheme">
          <Accordion.Control>{t('vatReturns:margin.title')}</Accordion.Control>
          <Accordion.Panel>
            <MarginSchemePanel draft={draft} editable={editable} />
          </Accordion.Panel>
        </Accordion.Item>
      )}
      <Accordion.Item value="bad-debt-relief">
        <Accordion.Control>{t('vatReturns:badDebt.title')}</Accordion.Control>
        <Accordion.Panel>
          <Text size="sm" c="dimmed" mb="sm">
            {t('vatReturns:badDebt.intro')}
          </Text>
          <BadDebtReliefPanel draft={draft} editable={editable} />
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
