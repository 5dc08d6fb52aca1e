import { ActionIcon, Group, Pagination, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { VatRecord } from '@vatwise/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../shared/format/format';
import { rateOrBoxLabel } from '../record-labels';
import { recordAmounts } from '../records';

interface RecordsTableProps {
  records: readonly VatRecord[];
  /** Absent when the return can no longer change. */
  onEdit?: (record: VatRecord) => void;
  onDelete?: (record: VatRecord) => void;
  busyId?: string | null;
}

/** Records on one page of the table: a period of tens of thousands stays quick to show. */
export const recordsPerPage = 100;

/** The period's digital records: what the return is built from, a page at a time. */
export function RecordsTable({ records, onEdit, onDelete, busyId }: RecordsTableProps) {
  const { t, i18n } = useTranslation(['common', 'vatReturns']);
  const language = i18n.language;
  const editable = Boolean(onEdit && onDelete);
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(records.length / recordsPerPage));
  // After a deletion the last page may be gone: show the new last one.
  const current = Math.min(page, pages);
  const first = (current - 1) * recordsPerPage;
  const shown = records.slice(first, first + recordsPerPage);

  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="xs" striped aria-label={t('vatReturns:records.tableLabel')} data-testid="records-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('vatReturns:columns.date')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.description')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.type')}</Table.Th>
              <Table.Th scope="col">{t('vatReturns:columns.rateOrBox')}</Table.Th>
              <Table.Th scope="col" ta="end">
                {t('vatReturns:columns.net')}
              </Table.Th>
              <Table.Th scope="col" ta="end">
                {t('vatReturns:columns.vat')}
              </Table.Th>
              {editable && (
                <Table.Th scope="col">
                  <VisuallyHidden>{t('vatReturns:columns.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((record) => {
              const { netPence, vatPence } = recordAmounts(record);
              return (
                <Table.Tr key={record.id} data-testid="record-row">
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(record.date, language)}</Table.Td>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>{t(`vatReturns:kinds.${record.kind}`)}</Table.Td>
                  <Table.Td>{rateOrBoxLabel(record, t)}</Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(netPence, language)}
                  </Table.Td>
                  <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(vatPence, language)}
                  </Table.Td>
                  {editable && (
                    <Table.Td>
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
                    </Table.Td>
                  )}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="space-between" gap="xs">
          <Text size="sm" aria-live="polite">
            {t('vatReturns:records.showing', {
              from: (first + 1).toLocaleString(language),
              to: (first + shown.length).toLocaleString(language),
              count: records.length,
              total: records.length.toLocaleString(language),
            })}
          </Text>
          <nav aria-label={t('vatReturns:records.pages')}>
            <Pagination
              total={pages}
              value={current}
              onChange={setPage}
              size="sm"
              getControlProps={(control) => ({ 'aria-label': t(`vatReturns:records.pageControls.${control}`) })}
            />
          </nav>
        </Group>
      )}
    </Stack>
  );
}
