import { Badge, Button, NativeSelect, Stack } from '@mantine/core';
import { type Obligation, type ObligationStatusFilter, dateRangeProblem, obligationStatuses } from '@vatwise/domain';
import { Suspense, lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format';
import { vatApi } from '../api';
import { csvFileName, obligationCsvColumns } from '../csv-columns';
import { type DateRange, formatPeriod } from '../date-range';
import { type ObligationState, obligationState, obligationStateOrder } from '../obligation-status';
import { DateRangeFields } from './DateRangeFields';
import { QueryContent } from './QueryStates';
import { SortableTable, type TableColumn } from './SortableTable';

// The return's window (a modal) loads when first opened: not on the way to the tab's first paint.
const ReturnViewModal = lazy(() => import('./ReturnViewModal').then((module) => ({ default: module.ReturnViewModal })));

export interface ObligationFilters extends DateRange {
  status: ObligationStatusFilter;
}

interface ObligationsTabProps {
  vrn: string;
  scenario: string | undefined;
  filters: ObligationFilters;
  onFiltersChange: (filters: ObligationFilters) => void;
  today: string;
}

const stateColours: Record<ObligationState, string> = { open: 'blue', overdue: 'red', fulfilled: 'green' };

/** The business's VAT returns due and made, with the return behind each fulfilled one. */
export function ObligationsTab({ vrn, scenario, filters, onFiltersChange, today }: ObligationsTabProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const label = (key: string) => t(`vatOperations:${key}`);
  const idPrefix = useId();
  const [viewing, setViewing] = useState<Obligation | null>(null);
  const [modalOpened, setModalOpened] = useState(false);
  const problem = dateRangeProblem('obligations', filters.from, filters.to, today);
  const query = vatApi.useObligationsQuery(
    { vrn, from: filters.from, to: filters.to, status: filters.status, scenario },
    { skip: problem !== undefined },
  );
  // The period's cell describes its row's "View return" button; built from dates, never the period key.
  const periodId = (obligation: Obligation) => `${idPrefix}-${obligation.start}-${obligation.end}`;

  const columns: TableColumn<Obligation>[] = [
    {
      id: 'period',
      stacked: 'title',
      header: label('obligations.columns.period'),
      sortValue: (row) => row.start,
      cell: (row) => <span id={periodId(row)}>{formatPeriod(row.start, row.end, language)}</span>,
    },
    {
      id: 'due',
      header: label('obligations.columns.due'),
      sortValue: (row) => row.due,
      cell: (row) => formatDate(row.due, language),
    },
    {
      id: 'status',
      stacked: 'status',
      header: label('obligations.columns.status'),
      sortValue: (row) => obligationStateOrder[obligationState(row, today)],
      cell: (row) => {
        const state = obligationState(row, today);
        return (
          <Badge color={stateColours[state]} variant={state === 'overdue' ? 'filled' : 'light'}>
            {label(`states.${state}`)}
          </Badge>
        );
      },
    },
    {
      id: 'received',
      header: label('obligations.columns.received'),
      sortValue: (row) => row.received,
      cell: (row) => formatDate(row.received, language),
    },
    {
      id: 'actions',
      stacked: 'action',
      header: label('obligations.columns.actions'),
      cell: (row) =>
        row.status === 'F' ? (
          <Button
            size="xs"
            variant="light"
            aria-describedby={periodId(row)}
            onClick={() => {
              setViewing(row);
              setModalOpened(true);
            }}
          >
            {label('obligations.viewReturn')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Stack gap="md" data-testid="obligations-tab">
      <DateRangeFields
        kind="obligations"
        value={filters}
        onChange={(range) => onFiltersChange({ ...filters, ...range })}
        problem={problem}
        today={today}
      >
        <NativeSelect
          label={label('statusFilter.label')}
          value={filters.status}
          onChange={(event) => {
            const status = obligationStatuses.find((value) => value === event.currentTarget.value);
            if (status) onFiltersChange({ ...filters, status });
          }}
          data={obligationStatuses.map((value) => ({ value, label: label(`statusFilter.${value}`) }))}
          w={160}
        />
      </DateRangeFields>
      <QueryContent
        query={query}
        loadingLabel={label('obligations.loading')}
        empty={{
          when: (rows) => rows.length === 0,
          message: t('hmrc.errors.obligations.NOT_FOUND'),
          testId: 'obligations-empty',
        }}
      >
        {(rows) => (
          <SortableTable
            label={label('obligations.tableLabel')}
            rows={rows}
            columns={columns}
            rowKey={(row, index) => `${row.start}-${row.end}-${index}`}
            rowTestId="obligation-row"
            minWidth={720}
            csv={{
              fileName: csvFileName('obligations', vrn, filters.from, filters.to),
              columns: obligationCsvColumns(label, today),
            }}
          />
        )}
      </QueryContent>
      {viewing && (
        <Suspense fallback={null}>
          <ReturnViewModal vrn={vrn} obligation={viewing} opened={modalOpened} onClose={() => setModalOpened(false)} />
        </Suspense>
      )}
    </Stack>
  );
}
