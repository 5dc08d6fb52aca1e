import { List, Stack, Text } from '@mantine/core';
import { latenessCost } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../shared/format/format';

export interface LatenessCostsProps {
  outstandingPence: number;
  dueDate: string;
  periodStart: string;
  today: string;
  /** A penalty runs up interest only, never a penalty of its own (vat-rules.md §4.4). */
  interestOnly?: boolean;
}

/** What staying unpaid costs at the current rules, and from which day (docs/paying-hmrc.md). */
export function LatenessCosts({ outstandingPence, dueDate, periodStart, today, interestOnly }: LatenessCostsProps) {
  const { t, i18n } = useTranslation('payments');
  const language = i18n.language;
  const full = latenessCost({ outstandingPence, dueDate, periodStart, today });
  const cost = interestOnly
    ? {
        ...full,
        regime: full.regime ?? 'from2025',
        steps: full.steps.filter((step) => step.kind === 'interest'),
        accrued: {
          ...full.accrued,
          firstPenaltyPence: 0,
          secondPenaltyPence: 0,
          totalPence: full.accrued.interestPence,
        },
      }
    : full;
  const money = (pence: number | undefined) => formatMoney(pence ?? 0, language);
  const percent = (basisPoints: number | undefined) => ((basisPoints ?? 0) / 100).toLocaleString(language);

  return (
    <Stack gap={4} data-testid="lateness-costs">
      <Text size="sm" fw={600}>
        {cost.daysLate > 0 ? t('lateness.titleLate', { days: cost.daysLate }) : t('lateness.titleOnTime')}
      </Text>
      <List size="sm" spacing={2}>
        {cost.steps.map((step) => (
          <List.Item key={step.kind}>
            {t(`lateness.steps.${step.kind}`, {
              date: formatDate(step.startsOn, language),
              amount: money(step.amountPence),
              daily: money(step.dailyPence),
              rate: percent(step.annualBasisPoints),
            })}
          </List.Item>
        ))}
      </List>
      {cost.regime === null && <Text size="xs">{t('lateness.oldRegime')}</Text>}
      {cost.accrued.totalPence > 0 && (
        <Text size="sm" data-testid="lateness-accrued">
          {t('lateness.accrued', {
            total: money(cost.accrued.totalPence),
            interest: money(cost.accrued.interestPence),
            penalties: money(cost.accrued.firstPenaltyPence + cost.accrued.secondPenaltyPence),
          })}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {t('lateness.note')}
      </Text>
    </Stack>
  );
}
