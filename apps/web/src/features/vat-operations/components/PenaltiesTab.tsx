import { Badge, Stack, Switch, Title } from '@mantine/core';
import type { Penalties, Penalty } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { OwedCard } from '../../payments';
import { vatApi } from '../api';
import { csvFileName, penaltyCsvColumns } from '../csv-columns';
import { formatPeriod } from '../date-range';
import { FinancialDetailsBlock } from './FinancialDetailsBlock';
import { EmptyMessage, QueryContent } from './QueryStates';
import { PenaltySummary } from './PenaltySummary';
import { SortableTable, type TableColumn } from './SortableTable';

/** Red for what counts against the business now; HMRC's other statuses are grey. */
const statusColours: Partial<Record<string, string>> = { active: 'red', posted: 'red', accruing: 'orange' };

interface PenaltiesTabProps {
  vrn: string;
  scenario: string | undefined;
  today: string;
}

/** Late submission points and late payment penalties, with each charge's details on request. */
export function PenaltiesTab({ vrn, scenario, today }: PenaltiesTabProps) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const language = i18n.language;
  const label = (key: string) => t(`vatOperations:${key}`);
  // HMRC's words (point, LPP1, accruing…) in ours where we know them, HMRC's own otherwise.
  const known = (group: string, value: string) =>
    t(`vatOperations:penalties.${group}.${value}`, { defaultValue: value });
  const [showDetails, setShowDetails] = useState(false);
  const query = vatApi.usePenaltiesQuery({ vrn, scenario });

  const columns: TableColumn<Penalty>[] = [
    {
      id: 'kind',
      stacked: 'title',
      header: label('penalties.columns.kind'),
      sortValue: (row) => row.kind,
      cell: (row) => label(`penalties.kinds.${row.kind}`),
    },
    {
      id: 'category',
      header: label('penalties.columns.category'),
      sortValue: (row) => row.category,
      cell: (row) => known('categories', row.category),
    },
    {
      id: 'status',
      stacked: 'status',
      header: label('penalties.columns.status'),
      sortValue: (row) => row.status,
      cell: (row) => (
        <Badge variant="light" color={statusColours[row.status] ?? 'gray'}>
          {known('statuses', row.status)}
        </Badge>
      ),
    },
    {
      id: 'taxPeriod',
      header: label('penalties.columns.taxPeriod'),
      sortValue: (row) => row.taxPeriod?.from,
      cell: (row) => (row.taxPeriod ? formatPeriod(row.taxPeriod.from, row.taxPeriod.to, language) : '—'),
    },
    {
      id: 'amount',
      header: label('penalties.columns.amount'),
      numeric: true,
      sortValue: (row) => row.amountPence,
      cell: (row) => formatMoney(row.amountPence, language),
    },
    {
      id: 'outstanding',
      header: label('penalties.columns.outstanding'),
      numeric: true,
      sortValue: (row) => row.outstandingPence,
      cell: (row) => formatMoney(row.outstandingPence, language),
    },
    {
      id: 'due',
      header: label('penalties.columns.due'),
      sortValue: (row) => row.dueOn,
      cell: (row) => formatDate(row.dueOn, language),
    },
  ];

  const penaltyKey = (row: Penalty, index: number) => `${row.kind}-${row.id}-${row.category}-${index}`;

  const body = (penalties: Penalties) => (
    <Stack gap="md">
      <PenaltySummary penalties={penalties} />
      {penalties.penalties.length === 0 ? (
        <EmptyMessage message={label('penalties.none')} testId="penalties-empty" />
      ) : (
        <>
          <SortableTable
            label={label('penalties.tableLabel')}
            rows={penalties.penalties}
            columns={columns}
            rowKey={penaltyKey}
            rowTestId="penalty-row"
            minWidth={860}
            csv={{ fileName: csvFileName('penalties', vrn, today), columns: penaltyCsvColumns(label) }}
          />
          <UnpaidPenalties vrn={vrn} penalties={penalties.penalties} today={today} />
          <Switch
            label={label('financial.toggle')}
            checked={showDetails}
            onChange={(event) => setShowDetails(event.currentTarget.checked)}
          />
          {showDetails && (
            <Stack gap="sm" data-testid="financial-details-list">
              <Title order={2} size="h4">
                {label('financial.title')}
              </Title>
              {penalties.penalties.map((penalty, index) => (
                <FinancialDetailsBlock key={penaltyKey(penalty, index)} vrn={vrn} penalty={penalty} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );

  return (
    <Stack gap="md" data-testid="penalties-tab">
      <QueryContent query={query} loadingLabel={label('penalties.loading')}>
        {body}
      </QueryContent>
    </Stack>
  );
}

/** Each late payment penalty HMRC has charged and shows unpaid, with the way to pay it (docs/paying-hmrc.md). */
function UnpaidPenalties({ vrn, penalties, today }: { vrn: string; penalties: Penalty[]; today: string }) {
  const { t, i18n } = useTranslation(['vatOperations', 'payments']);
  const unpaid = penalties.filter(
    (row) => row.kind === 'latePayment' && row.chargeReference !== null && (row.outstandingPence ?? 0) > 0,
  );
  if (unpaid.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="unpaid-penalties">
      <Title order={2} size="h4">
        {t('payments:owed.title')}
      </Title>
      {unpaid.map((row) => (
        <OwedCard
          key={row.chargeReference}
          vrn={vrn}
          kind="penalty"
          reference={row.chargeReference ?? ''}
          what={`${t('vatOperations:penalties.kinds.latePayment')}${
            row.taxPeriod ? `, ${formatPeriod(row.taxPeriod.from, row.taxPeriod.to, i18n.language)}` : ''
          }`}
          outstandingPence={row.outstandingPence ?? 0}
          dueDate={row.dueOn}
          periodStart={row.taxPeriod?.from ?? null}
          today={today}
          interestOnly
        />
      ))}
    </Stack>
  );
}
