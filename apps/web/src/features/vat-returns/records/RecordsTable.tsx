import { ActionIcon, Group, Pagination, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { RecordSortKey, VatRecord } from '@vatwise/domain';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney, localeOf } from '../../../shared/format/format';
import { rateOrBoxLabel } from './record-labels';
import { recordAmounts } from './records';
import { StackedCell, StackedTable } from '../../../shared/ui/StackedTable';

export interface RecordsSort {
  sort: RecordSortKey;
  order: 'asc' | 'desc';
}

interface RecordsTableProps {
  /** The page shown: the server sends one page of the period's records at a time. */
  records: readonly VatRecord[];
  /** Records that match, on every page. */
  total: number;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  sorting: RecordsSort;
  onSortingChange: (sorting: RecordsSort) => void;
  /** Absent when the return can no longer change. */
  onEdit?: (record: VatRecord) => void;
  onDelete?: (record: VatRecord) => void;
  busyId?: string | null;
  /** Under cash accounting: a column for the day each sale or purchase was paid. */
  showPaidOn?: boolean;
}

/** A column heading that sorts by its column: a second click turns the order round. */
function SortableHeading({
  column,
  label,
  sorting,
  onSortingChange,
  end,
}: {
  column: RecordSortKey;
  label: string;
  sorting: RecordsSort;
  onSortingChange: (sorting: RecordsSort) => void;
  end?: boolean;
}) {
  const { t } = useTranslation(['vatReturns']);
  const active = sorting.sort === column;
  let icon: ReactNode = <IconArrowsSort size={14} aria-hidden />;
  if (active)
    icon = sorting.order === 'asc' ? <IconArrowUp size={14} aria-hidden /> : <IconArrowDown size={14} aria-hidden />;
  return (
    <Table.Th
      scope="col"
      ta={end ? 'end' : undefined}
      aria-sort={active ? (sorting.order === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <UnstyledButton
        onClick={() => onSortingChange({ sort: column, order: active && sorting.order === 'asc' ? 'desc' : 'asc' })}
        title={t('vatReturns:records.sortBy', { column: label })}
        fw={700}
        fz="sm"
      >
        <Group gap={4} wrap="nowrap" justify={end ? 'flex-end' : 'flex-start'}>
          {label}
          {icon}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/** The period's digital records: what the return is built from, a page at a time. */
export function RecordsTable({
  records,
  total,
  page,
  pageSize,
  onPageChange,
  sorting,
  onSortingChange,
  onEdit,
  onDelete,
  busyId,
  showPaidOn = false,
}: RecordsTableProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const editable = Boolean(onEdit && onDelete);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = (page - 1) * pageSize;
  const sortProps = { sorting, onSortingChange };

  return (
    <Stack gap="xs">
      <StackedTable minWidth={760}>
        <Table verticalSpacing="xs" striped aria-label={t('vatReturns:records.tableLabel')} data-testid="records-table">
          <Table.Thead>
            <Table.Tr>
              <SortableHeading column="date" label={t('vatReturns:columns.date')} {...sortProps} />
              {showPaidOn && <Table.Th scope="col">{t('vatReturns:columns.paidOn')}</Table.Th>}
              <SortableHeading column="description" label={t('vatReturns:columns.description')} {...sortProps} />
              <Table.Th scope="col">{t('vatReturns:columns.type')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.rateOrBox')}</Table.Th>
              <SortableHeading column="net" label={t('vatReturns:columns.net')} end {...sortProps} />
              <SortableHeading column="vat" label={t('vatReturns:columns.vat')} end {...sortProps} />
              {editable && (
                <Table.Th scope="col">
                  <VisuallyHidden>{t('vatReturns:columns.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.map((record) => {
              const { netPence, vatPence } = recordAmounts(record);
              return (
                <Table.Tr key={record.id} data-testid="record-row">
                  <StackedCell style={{ whiteSpace: 'nowrap' }} label={t('vatReturns:columns.date')}>
                    {formatDate(record.date, language)}
                  </StackedCell>
                  {showPaidOn && (
                    <StackedCell
                      style={{ whiteSpace: 'nowrap' }}
                      data-testid="paid-on"
                      label={t('vatReturns:columns.paidOn')}
                    >
                      {record.kind === 'sale' || record.kind === 'purchase'
                        ? record.paidOn
                          ? formatDate(record.paidOn, language)
                          : t('vatReturns:recordForm.notPaid')
                        : '—'}
                    </StackedCell>
                  )}
                  <StackedCell label={t('vatReturns:columns.description')} part="title">
                    <Text size="sm">{record.description}</Text>
                    {record.kind === 'adjustment' && (
                      <Text size="xs" c="dimmed">
                        {t(`vatReturns:adjustmentTypes.${record.adjustmentType}`)}: {record.reason}
                      </Text>
                    )}
                    {record.source && (
                      <Text size="xs" c="dimmed">
                        {t('vatReturns:records.fromFileRow', { row: record.source.row })}
                      </Text>
                    )}
                  </StackedCell>
                  <StackedCell label={t('vatReturns:columns.type')}>{t(`vatReturns:kinds.${record.kind}`)}</StackedCell>
                  <StackedCell label={t('vatReturns:columns.rateOrBox')}>{rateOrBoxLabel(record, t)}</StackedCell>
                  <StackedCell ta="end" style={{ whiteSpace: 'nowrap' }} label={t('vatReturns:columns.net')}>
                    {formatMoney(netPence, language)}
                  </StackedCell>
                  <StackedCell ta="end" style={{ whiteSpace: 'nowrap' }} label={t('vatReturns:columns.vat')}>
                    {formatMoney(vatPence, language)}
                  </StackedCell>
                  {editable && (
                    <StackedCell label={t('vatReturns:columns.actions')} part="action">
                      <Group gap={4} wrap="nowrap" justify="flex-end">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('vatReturns:records.edit', { description: record.description })}
                          onClick={() => onEdit?.(record)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t('vatReturns:records.delete', { description: record.description })}
                          loading={busyId === record.id}
                          onClick={() => onDelete?.(record)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </StackedCell>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </StackedTable>
      {pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" aria-live="polite">
            {t('vatReturns:records.showing', {
              from: (first + 1).toLocaleString(localeOf(language)),
              to: (first + records.length).toLocaleString(localeOf(language)),
              count: total,
              total: total.toLocaleString(localeOf(language)),
            })}
          </Text>
          <nav aria-label={t('vatReturns:records.pages')}>
            <Pagination
              total={pages}
              value={page}
              onChange={onPageChange}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`vatReturns:records.pageControls.${control}`) })}
            />
          </nav>
        </Group>
      )}
    </Stack>
  );
}
