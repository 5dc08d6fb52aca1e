import { Stack, Title } from '@mantine/core';
import { type Liability, dateRangeProblem, liabilityReferenceOf } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { OwedCard } from '../../payments';
import { vatApi } from '../api';
import { csvFileName, liabilityCsvColumns } from '../csv-columns';
import { type DateRange, formatPeriod } from '../date-range';
import { pairedPaymentsScenario } from '../tabs';
import { DateRangeFields } from './DateRangeFields';
import { LiabilitiesChart } from './LiabilitiesChart';
import { QueryContent } from './QueryStates';
import { SortableTable, type TableColumn } from './SortableTable';

interface LiabilitiesTabProps {
  vrn: string;
  scenario: string | undefined;
  range: DateRange;
  onRangeChange: (range: DateRange) => void;
  today: string;
}

/** What HMRC has charged the business, charted against what it has paid over the same dates. */
export function LiabilitiesTab({ vrn, scenario, range, onRangeChange, today }: LiabilitiesTabProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const label = (key: string) => t(`vatOperations:${key}`);
  const problem = dateRangeProblem('liabilities', range.from, range.to, today);
  const skip = problem !== undefined;
  const query = vatApi.useLiabilitiesQuery({ vrn, ...range, scenario }, { skip });
  // For the chart only; the Payments tab shares this cache entry when its dates are the same.
  const payments = vatApi.usePaymentsQuery({ vrn, ...range, scenario: pairedPaymentsScenario(scenario) }, { skip });

  const columns: TableColumn<Liability>[] = [
    {
      id: 'taxPeriod',
      stacked: 'title',
      header: label('liabilities.columns.taxPeriod'),
      sortValue: (row) => row.taxPeriod?.to,
      cell: (row) => (row.taxPeriod ? formatPeriod(row.taxPeriod.from, row.taxPeriod.to, language) : '—'),
    },
    { id: 'type', header: label('liabilities.columns.type'), sortValue: (row) => row.type, cell: (row) => row.type },
    {
      id: 'original',
      header: label('liabilities.columns.original'),
      numeric: true,
      sortValue: (row) => row.originalAmountPence,
      cell: (row) => formatMoney(row.originalAmountPence, language),
    },
    {
      id: 'outstanding',
      header: label('liabilities.columns.outstanding'),
      numeric: true,
      sortValue: (row) => row.outstandingAmountPence,
      cell: (row) => formatMoney(row.outstandingAmountPence, language),
    },
    {
      id: 'due',
      header: label('liabilities.columns.due'),
      sortValue: (row) => row.due,
      cell: (row) => formatDate(row.due, language),
    },
  ];

  return (
    <Stack gap="md" data-testid="liabilities-tab">
      <DateRangeFields kind="liabilities" value={range} onChange={onRangeChange} problem={problem} today={today} />
      <QueryContent
        query={query}
        loadingLabel={label('liabilities.loading')}
        empty={{
          when: (rows) => rows.length === 0,
          message: t('hmrc.errors.liabilities.NOT_FOUND'),
          testId: 'liabilities-empty',
        }}
      >
        {(rows) => (
          <Stack gap="md">
            {!payments.isFetching && (
              <LiabilitiesChart
                liabilities={rows}
                payments={payments.currentData ?? []}
                paymentsMissing={payments.isError}
              />
            )}
            <SortableTable
              label={label('liabilities.tableLabel')}
              rows={rows}
              columns={columns}
              rowKey={(row, index) => `${row.taxPeriod?.to ?? row.due ?? ''}-${index}`}
              rowTestId="liability-row"
              minWidth={760}
              csv={{
                fileName: csvFileName('liabilities', vrn, range.from, range.to),
                columns: liabilityCsvColumns(label),
              }}
            />
            <UnpaidLiabilities vrn={vrn} rows={rows} today={today} />
          </Stack>
        )}
      </QueryContent>
    </Stack>
  );
}

/** Each liability HMRC shows unpaid, with the way to pay it now and what waiting costs (docs/paying-hmrc.md). */
function UnpaidLiabilities({ vrn, rows, today }: { vrn: string; rows: Liability[]; today: string }) {
  const { t, i18n } = useTranslation(['vatOperations', 'payments']);
  const unpaid = rows.filter((row) => (row.outstandingAmountPence ?? 0) > 0 && row.taxPeriod !== null);
  if (unpaid.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="unpaid-liabilities">
      <Title order={2} size="h4">
        {t('payments:owed.title')}
      </Title>
      {unpaid.map((row) =>
        row.taxPeriod ? (
          <OwedCard
            key={liabilityReferenceOf(row.taxPeriod)}
            vrn={vrn}
            kind="liability"
            reference={liabilityReferenceOf(row.taxPeriod)}
            what={`${row.type}, ${formatPeriod(row.taxPeriod.from, row.taxPeriod.to, i18n.language)}`}
            outstandingPence={row.outstandingAmountPence ?? 0}
            dueDate={row.due}
            periodStart={row.taxPeriod.from}
            today={today}
          />
        ) : null,
      )}
    </Stack>
  );
}
