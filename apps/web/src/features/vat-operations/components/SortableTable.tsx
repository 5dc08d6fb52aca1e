import { Button, Group, Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconDownload, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CsvColumn, downloadText, toCsv } from '../../../shared/export/csv';
import { notify } from '../../../shared/toasts/notifier';
import { type SortState, type SortValue, nextSortState, sortRows } from '../sort';
import { StackedCell, type StackedPart, StackedTable } from '../../../shared/ui/StackedTable';

export interface TableColumn<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Left out for a column that cannot be sorted, such as one of buttons. */
  sortValue?: (row: Row) => SortValue;
  /** Amounts line up at the cell's end (the right, or the left in right-to-left). */
  numeric?: boolean;
  /** Its place in a row's card on a phone; a labelled field unless said. */
  stacked?: StackedPart;
}

interface SortableTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  rows: readonly Row[];
  columns: readonly TableColumn<Row>[];
  /** Stable across sorting, so React keeps each row's DOM (and focus) with its row. */
  rowKey: (row: Row, index: number) => string;
  rowTestId: string;
  /** Below this width the table scrolls sideways instead of squeezing (a phone shows its rows as cards). */
  minWidth: number;
  csv: { fileName: string; columns: readonly CsvColumn<Row>[] };
}

function SortIcon({ direction }: { direction: SortState['direction'] | undefined }) {
  const Icon = direction === 'ascending' ? IconChevronUp : direction === 'descending' ? IconChevronDown : IconSelector;
  return <Icon size={14} aria-hidden="true" />;
}

/**
 * A table sorted by clicking (or pressing Enter or Space on) a column's header, with its rows, in
 * the order shown, downloadable as CSV.
 */
export function SortableTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  rowTestId,
  minWidth,
  csv,
}: SortableTableProps<Row>) {
  const { t, i18n } = useTranslation(['common', 'vatOperations']);
  const [sort, setSort] = useState<SortState | undefined>(undefined);
  const entries = rows.map((row, index) => ({ row, key: rowKey(row, index) }));
  const sortValue = columns.find((column) => column.id === sort?.column)?.sortValue;
  const shown =
    sort && sortValue ? sortRows(entries, (entry) => sortValue(entry.row), sort.direction, i18n.language) : entries;

  const download = () => {
    downloadText(
      csv.fileName,
      toCsv(
        shown.map((entry) => entry.row),
        csv.columns,
      ),
    );
    notify({ type: 'success', message: t('vatOperations:csv.downloaded', { file: csv.fileName }) });
  };

  return (
    <>
      <Group justify="flex-end">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden="true" />}
          onClick={download}
        >
          {t('vatOperations:csv.download')}
        </Button>
      </Group>
      <StackedTable minWidth={minWidth}>
        <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => {
                const direction = sort?.column === column.id ? sort.direction : undefined;
                return (
                  <Table.Th
                    key={column.id}
                    scope="col"
                    ta={column.numeric ? 'end' : undefined}
                    aria-sort={column.sortValue ? (direction ?? 'none') : undefined}
                  >
                    {column.sortValue ? (
                      <UnstyledButton
                        fw={700}
                        fz="sm"
                        onClick={() => setSort(nextSortState(sort, column.id))}
                        data-testid={`sort-${column.id}`}
                      >
                        <Group gap={4} wrap="nowrap" justify={column.numeric ? 'flex-end' : 'flex-start'}>
                          <span>{column.header}</span>
                          <SortIcon direction={direction} />
                        </Group>
                      </UnstyledButton>
                    ) : (
                      column.header
                    )}
                  </Table.Th>
                );
              })}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map(({ row, key }) => (
              <Table.Tr key={key} data-testid={rowTestId}>
                {columns.map((column) => (
                  <StackedCell
                    key={column.id}
                    ta={column.numeric ? 'end' : undefined}
                    label={column.header}
                    part={column.stacked}
                  >
                    {column.cell(row)}
                  </StackedCell>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </StackedTable>
    </>
  );
}
