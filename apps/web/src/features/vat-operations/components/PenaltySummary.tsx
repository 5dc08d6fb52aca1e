import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { Penalties } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';

/** HMRC's "no active points" date (docs/reference/hmrc-vat-api.md §3.9): there is nothing to comply towards. */
const noComplianceDate = '9999-12-31';

function Figure({ label, value, detail, testId }: { label: string; value: string; detail?: string; testId?: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

/** Late submission points against the threshold, and HMRC's penalty totals. */
export function PenaltySummary({ penalties }: { penalties: Penalties }) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const { lateSubmissionSummary: points, totals } = penalties;
  if (!points && !totals) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" data-testid="penalty-summary">
      {points && (
        <Figure
          testId="penalty-points"
          label={t('vatOperations:penalties.summary.points')}
          value={t('vatOperations:penalties.summary.pointsValue', {
            active: points.activePoints,
            threshold: points.threshold,
          })}
          detail={
            points.complianceAchievedOn === noComplianceDate
              ? t('vatOperations:penalties.summary.noActivePoints', { inactive: points.inactivePoints })
              : t('vatOperations:penalties.summary.complianceOn', {
                  date: formatDate(points.complianceAchievedOn, language),
                  inactive: points.inactivePoints,
                })
          }
        />
      )}
      {points && (
        <Figure
          label={t('vatOperations:penalties.summary.chargeAmount')}
          value={formatMoney(points.chargeAmountPence, language)}
        />
      )}
      {totals && (
        <>
          <Figure
            label={t('vatOperations:penalties.summary.lateSubmissionTotal')}
            value={formatMoney(totals.lateSubmissionPenaltyPence, language)}
          />
          <Figure
            label={t('vatOperations:penalties.summary.penalisedPrincipal')}
            value={formatMoney(totals.penalisedPrincipalPence, language)}
          />
          <Figure
            label={t('vatOperations:penalties.summary.latePaymentPosted')}
            value={formatMoney(totals.latePaymentPenaltyPostedPence, language)}
          />
          <Figure
            label={t('vatOperations:penalties.summary.latePaymentEstimate')}
            value={formatMoney(totals.latePaymentPenaltyEstimatePence, language)}
          />
        </>
      )}
    </SimpleGrid>
  );
}
