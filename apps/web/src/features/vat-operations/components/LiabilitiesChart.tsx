import { BarChart } from '@mantine/charts';
import { Paper, Text, useDirection } from '@mantine/core';
import type { Liability, Payment } from '@vatwise/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/format';
import { formatMonth, monthlyTotals, pointToPence, seriesTotals, toChartPoints } from '../chart-series';

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
  const rtl = dir === 'rtl';
  return (
    <Paper component="figure" withBorder p="md" m={0} aria-labelledby={titleId} data-testid="liabilities-chart">
      <Text fw={600} id={titleId} mb="sm">
        {t('vatOperations:chart.title')}
      </Text>
      <BarChart
        h={260}
        data={data}
        dataKey="label"
        series={[
          { name: 'liabilities', label: t('vatOperations:chart.liabilities'), color: 'orange.6' },
          { name: 'payments', label: t('vatOperations:chart.payments'), color: 'teal.6' },
        ]}
        valueFormatter={(pounds) => formatMoney(pointToPence(pounds), language)}
        withLegend
        // Recharts does not follow the page's direction: in right-to-left, time runs leftwards.
        xAxisProps={{ reversed: rtl }}
        yAxisProps={{ orientation: rtl ? 'right' : 'left', width: 96 }}
      />
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
