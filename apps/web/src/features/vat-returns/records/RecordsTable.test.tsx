import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { type VatRecord, pageOfRecords, recordPageQuerySchema } from '@vatwise/domain';
import { Suspense, useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { recordsPerPage } from './records';
import { RecordsTable, type RecordsSort } from './RecordsTable';

const sale = (index: number): VatRecord => ({
  id: `r${String(index).padStart(4, '0')}`,
  vrn: '123456789',
  createdAt: '2026-01-02T00:00:00Z',
  source: null,
  kind: 'sale',
  date: '2026-01-02',
  description: `Sale ${index + 1}`,
  netPence: 10_000 + index,
  vatPence: 2_000,
  rate: 'standard',
  treatment: 'normal',
});

/** The table as the records panel drives it, with the server's paging done by the domain's own function. */
function ServerPagedTable({ records }: { records: VatRecord[] }) {
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<RecordsSort>({ sort: 'date', order: 'asc' });
  const shown = pageOfRecords(records, recordPageQuerySchema.parse({ page, pageSize: recordsPerPage, ...sorting }));
  return (
    <RecordsTable
      records={shown.records}
      total={shown.total}
      page={shown.page}
      pageSize={shown.pageSize}
      onPageChange={setPage}
      sorting={sorting}
      onSortingChange={(next) => {
        setSorting(next);
        setPage(1);
      }}
    />
  );
}

function renderTable(count: number) {
  return render(
    <MantineProvider>
      <Suspense fallback="Loading">
        <ServerPagedTable records={Array.from({ length: count }, (_, index) => sale(index))} />
      </Suspense>
    </MantineProvider>,
  );
}

describe('RecordsTable', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows a large period a page at a time, and pages through it', async () => {
    renderTable(250);
    expect(await screen.findAllByTestId('record-row')).toHaveLength(recordsPerPage);
    expect(screen.getByText('Records 1–100 of 250')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of records' });
    fireEvent.click(within(pages).getByRole('button', { name: '3' }));
    expect(screen.getAllByTestId('record-row')).toHaveLength(50);
    expect(screen.getByText('Records 201–250 of 250')).toBeInTheDocument();
    expect(screen.getByText('Sale 201')).toBeInTheDocument();
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Sale 101')).toBeInTheDocument();
  });

  it('sorts by a column from its heading, and a second click turns the order round', async () => {
    renderTable(250);
    const net = await screen.findByRole('columnheader', { name: /Net/ });
    expect(net).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: /Date/ })).toHaveAttribute('aria-sort', 'ascending');
    fireEvent.click(within(net).getByRole('button', { name: /Net/ }));
    expect(net).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getAllByTestId('record-row')[0]).toHaveTextContent('Sale 1');
    fireEvent.click(within(net).getByRole('button', { name: /Net/ }));
    expect(net).toHaveAttribute('aria-sort', 'descending');
    // The biggest net amount first, back on the first page.
    expect(screen.getAllByTestId('record-row')[0]).toHaveTextContent('Sale 250');
    expect(screen.getByText('Records 1–100 of 250')).toBeInTheDocument();
  });

  it('labels each cell with its column’s heading, for the cards a phone shows', async () => {
    renderTable(3);
    const [row] = await screen.findAllByTestId('record-row');
    const headings = screen.getAllByRole('columnheader').map((heading) => heading.textContent);
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(headings);
    // The description is what a record is: its card's title.
    expect(within(row as HTMLElement).getByRole('cell', { name: 'Sale 1' })).toHaveAttribute(
      'data-stacked-part',
      'title',
    );
  });

  it('has no pages to turn for a small period', async () => {
    renderTable(3);
    expect(await screen.findAllByTestId('record-row')).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Pages of records' })).not.toBeInTheDocument();
  });
});
