import { Stack } from '@mantine/core';
import { type Payment, dateRangeProblem } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { RecentPayments } from '../../payments';
import { vatApi } from '../api';
import { csvFileName, paymentCsvColumns } from '../csv-columns';
import type { DateRange } from '../date-range';
import { DateRangeFields } from './DateRangeFields';
import { QueryContent } from './QueryStates';
import { SortableTable, type TableColumn } from './SortableTable';

interface PaymentsTabProps {
  vrn: string;
  scenario: string | undefined;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  today: string;
}

/** What HMRC has received from the business. */
export function PaymentsTab({ vrn, scenario, range, onRangeChange, today }: PaymentsTabProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const label = (key: string) => t(`vatOperations:${key}`);
  const problem = dateRangeProblem('payments', range.from, range.to, today);
  const query = vatApi.usePaymentsQuery({ vrn, ...range, scenario }, { skip: problem !== undefined });

  const columns: TableColumn<Payment>[] = [
    {
      id: 'amount',
      stacked: 'title',
      header: label('payments.columns.amount'),
      numeric: true,
      sortValue: (row) => row.amountPence,
      cell: (row) => formatMoney(row.amountPence, language),
    },
    {
      id: 'received',
      header: label('payments.columns.received'),
      sortValue: (row) => row.received,
      cell: (row) => (row.received ? formatDate(row.received, language) : label('payments.notRecorded')),
    },
  ];

  return (
    <Stack gap="md" data-testid="payments-tab">
      <DateRangeFields kind="payments" value={range} onChange={onRangeChange} problem={problem} today={today} />
      <QueryContent
        query={query}
        loadingLabel={label('payments.loading')}
        empty={{
          when: (rows) => rows.length === 0,
          message: t('hmrc.errors.payments.NOT_FOUND'),
          testId: 'payments-empty',
        }}
      >
        {(rows) => (
          <SortableTable
            label={label('payments.tableLabel')}
            rows={rows}
            columns={columns}
            rowKey={(row, index) => `${row.received ?? ''}-${index}`}
            rowTestId="payment-row"
            minWidth={420}
            csv={{ fileName: csvFileName('payments', vrn, range.from, range.to), columns: paymentCsvColumns(label) }}
          />
        )}
      </QueryContent>
      <RecentPayments vrn={vrn} />
    </Stack>
  );
}
