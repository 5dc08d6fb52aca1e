import { Box, Loader, Paper, Text, useDirection } from '@mantine/core';
import type { Liability, Payment } from '@vatwise/domain';
import { Suspense, lazy, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/format';
import { formatMonth, monthlyTotals, seriesTotals, toChartPoints } from '../chart-series';

const LiabilitiesBarChart = lazy(() => import('./LiabilitiesBarChart'));
const chartHeight = 260;

interface LiabilitiesChartProps {
  liabilities: readonly Liability[];
  payments: readonly Payment[];
  /** The payments could not be loaded: the chart shows liabilities alone and says so. */
  paymentsMissing: boolean;
}

/** What HMRC charged against what it received, month by month, with the totals in words. */
export function LiabilitiesChart({ liabilities, payments, paymentsMissing }: LiabilitiesChartProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const { dir } = useDirection();
  const titleId = useId();
  const language = i18n.language;
  const series = monthlyTotals(liabilities, payments);
  if (series.length === 0) return null;
  const totals = seriesTotals(series);
  const data = toChartPoints(series).map((point) => ({ ...point, label: formatMonth(point.month, language) }));
  return (
    <Paper component="figure" withBorder p="md" m={0} aria-labelledby={titleId} data-testid="liabilities-chart">
      <Text fw={600} id={titleId} mb="sm">
        {t('vatOperations:chart.title')}
      </Text>
      {/* The same height while the chart's code loads, so nothing below it moves. */}
      <Suspense
        fallback={
          <Box h={chartHeight} display="flex" style={{ alignItems: 'center', justifyContent: 'center' }}>
            <Loader size="sm" aria-label={t('common:app.loading')} />
          </Box>
        }
      >
        <LiabilitiesBarChart data={data} rtl={dir === 'rtl'} height={chartHeight} />
      </Suspense>
      <Text component="figcaption" size="sm" c="dimmed" mt="sm">
        {t('vatOperations:chart.summary', {
          liabilities: formatMoney(totals.liabilitiesPence, language),
          payments: formatMoney(totals.paymentsPence, language),
        })}
        {paymentsMissing && ` ${t('vatOperations:chart.paymentsMissing')}`}
      </Text>
    </Paper>
  );
}
