import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { VatRecord } from '@vatwise/domain';
import { Suspense } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { RecordsTable, recordsPerPage } from './RecordsTable';

const sale = (index: number): VatRecord => ({
  id: `r${index}`,
  vrn: '123456789',
  createdAt: '2026-01-02T00:00:00Z',
  source: null,
  kind: 'sale',
  date: '2026-01-02',
  description: `Sale ${index + 1}`,
  netPence: 10_000,
  vatPence: 2_000,
  rate: 'standard',
  treatment: 'normal',
});

function renderTable(count: number) {
  const records = Array.from({ length: count }, (_, index) => sale(index));
  const view = render(
    <MantineProvider>
      <Suspense fallback="Loading">
        <RecordsTable records={records} />
      </Suspense>
    </MantineProvider>,
  );
  return {
    ...view,
    rerenderWith: (next: number) =>
      view.rerender(
        <MantineProvider>
          <Suspense fallback="Loading">
            <RecordsTable records={records.slice(0, next)} />
          </Suspense>
        </MantineProvider>,
      ),
  };
}

describe('RecordsTable', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows a large period a page at a time, and pages through it', async () => {
    const { rerenderWith } = renderTable(250);
    expect(await screen.findAllByTestId('record-row')).toHaveLength(recordsPerPage);
    expect(screen.getByText('Records 1–100 of 250')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Pages of records' });
    fireEvent.click(within(pages).getByRole('button', { name: '3' }));
    expect(screen.getAllByTestId('record-row')).toHaveLength(50);
    expect(screen.getByText('Records 201–250 of 250')).toBeInTheDocument();
    expect(screen.getByText('Sale 201')).toBeInTheDocument();
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous page' }));
    expect(screen.getByText('Sale 101')).toBeInTheDocument();
    // Records deleted from under the last page: the new last page is shown.
    fireEvent.click(within(pages).getByRole('button', { name: '3' }));
    rerenderWith(150);
    expect(screen.getByText('Records 101–150 of 150')).toBeInTheDocument();
  });

  it('has no pages to turn for a small period', async () => {
    renderTable(3);
    expect(await screen.findAllByTestId('record-row')).toHaveLength(3);
    expect(screen.queryByRole('navigation', { name: 'Pages of records' })).not.toBeInTheDocument();
  });
});
