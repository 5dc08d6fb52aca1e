import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReturnDraft } from '@vatwise/domain';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { renderPage } from '../../../test/render-page';
import { MarginSchemePanel } from './MarginSchemePanel';

const addRecord = vi.fn((_: unknown) => ({ unwrap: () => Promise.resolve({}) }));
vi.mock('../api', () => ({
  vatReturnsApi: { useAddRecordMutation: () => [addRecord, { isLoading: false }] },
}));

const draft = {
  id: 'r1',
  vrn: '123456789',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  schemes: ['marginScheme'],
} as unknown as ReturnDraft;

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function addItem(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) type(new RegExp(`^${label}`), value);
  fireEvent.click(screen.getByRole('button', { name: 'Add to the stock book' }));
}

describe('the margin scheme stock book', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => addRecord.mockClear());

  it('gives the VAT on each margin and the period’s boxes, and adds them to the return (N718: £1,000 → £1,600)', async () => {
    renderPage(<MarginSchemePanel draft={draft} editable />);
    await screen.findByTestId('margin-scheme');
    expect(screen.getByText(/No items in the stock book yet/)).toBeInTheDocument();
    addItem({
      'Stock number': 'A1',
      Description: 'Victorian dresser',
      'Bought on': '05/01/2026',
      'Purchase price': '1,000',
      'Bought from': 'J Smith',
      'Sold on': '10/02/2026',
      'Selling price': '1,600',
      'Sold to': 'K Jones',
    });
    const book = screen.getByRole('table', { name: 'Margin scheme stock book' });
    expect(within(book).getByText('£600.00')).toBeInTheDocument();
    expect(within(book).getByText('£100.00')).toBeInTheDocument();
    const figures = screen.getByTestId('margin-figures');
    expect(figures).toHaveTextContent('Box 1: VAT on the margin of 1 item sold this period£100.00');
    expect(figures).toHaveTextContent('Box 6: selling prices less that VAT£1,500.00');
    expect(figures).toHaveTextContent('Box 7: purchase price of 1 item bought this period£1,000.00');

    fireEvent.click(screen.getByRole('button', { name: 'Add these figures to the return' }));
    await waitFor(() => expect(addRecord).toHaveBeenCalledTimes(3));
    const added = addRecord.mock.calls.map(
      (call) => (call[0] as { input: { box: number; amountPence: number } }).input,
    );
    expect(added.map(({ box, amountPence }) => [box, amountPence])).toEqual([
      [1, 10_000],
      [6, 150_000],
      [7, 100_000],
    ]);
    expect(added[0]).toMatchObject({ kind: 'adjustment', date: '2026-03-31', adjustmentType: 'other' });
  });

  it('asks for what is missing, and for the buyer of an item sold', async () => {
    renderPage(<MarginSchemePanel draft={draft} editable />);
    await screen.findByTestId('margin-scheme');
    addItem({ 'Stock number': 'A2', 'Sold on': '10/02/2026', 'Selling price': '100' });
    expect(screen.getByText('Say what the item is')).toBeInTheDocument();
    expect(screen.getByText('Enter the date it was bought')).toBeInTheDocument();
    expect(screen.getByText('Enter who it was sold to')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add these figures to the return' })).toBeDisabled();
  });
});
