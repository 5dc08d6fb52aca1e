// Recharts is most of VAT Operations' code, so the chart is a chunk of its own, loaded only when
// a business has liabilities or payments to draw.
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/format/format';
import { pointToPence } from '../chart-series';

export interface LiabilitiesBarChartProps {
  data: ReadonlyArray<Record<string, string | number>>;
  rtl: boolean;
  height: number;
}

export default function LiabilitiesBarChart({ data, rtl, height }: LiabilitiesBarChartProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  return (
    <BarChart
      h={height}
      data={[...data]}
      dataKey="label"
      series={[
        { name: 'liabilities', label: t('vatOperations:chart.liabilities'), color: 'orange.6' },
        { name: 'payments', label: t('vatOperations:chart.payments'), color: 'teal.6' },
      ]}
      valueFormatter={(pounds) => formatMoney(pointToPence(pounds), i18n.language)}
      withLegend
      // Recharts does not follow the page's direction: in right-to-left, time runs leftwards.
      xAxisProps={{ reversed: rtl }}
      yAxisProps={{ orientation: rtl ? 'right' : 'left', width: 96 }}
    />
  );
}
