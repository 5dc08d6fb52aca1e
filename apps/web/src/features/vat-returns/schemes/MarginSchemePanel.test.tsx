import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReturnDraft, StoredMarginStockItem } from '@vatwise/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { type FakeAnswers, fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { MarginSchemePanel } from './MarginSchemePanel';

const vrn = '123456789';
const draft = {
  id: 'r1',
  vrn,
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  schemes: ['marginScheme'],
} as unknown as ReturnDraft;

/** N718's example: bought for £1,000, sold for £1,600; a margin of £600, VAT £100. */
const dresser: StoredMarginStockItem = {
  id: 'item-1',
  vrn,
  stockNumber: 'A1',
  description: 'Victorian dresser',
  purchaseDate: '2026-01-05',
  purchasePricePence: 100_000,
  seller: 'J Smith',
  saleDate: '2026-02-10',
  salePricePence: 160_000,
  buyer: 'K Jones',
  createdAt: '2026-01-05T10:00:00.000Z',
  updatedAt: '2026-02-10T10:00:00.000Z',
};

const stockBook = (items: StoredMarginStockItem[]) => ({ body: { items } });

/** The requests the panel sent with a body, as the server read them. */
async function sent(method: string, pathname: string): Promise<unknown[]> {
  const requests = vi
    .mocked(fetch)
    .mock.calls.map(([request]) => request as Request)
    .filter((request) => request.method === method && new URL(request.url).pathname === pathname);
  return Promise.all(requests.map(async (request) => (await request.clone().json()) as unknown));
}

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillItem(fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) type(new RegExp(`^${label}`), value);
}

describe('the margin scheme stock book', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the period’s items from the stored book, and adds their boxes to the return (N718: £1,000 → £1,600)', async () => {
    const requests = fakeServer({
      'GET /api/margin_stock_items': stockBook([dresser]),
      'POST /api/vat_records': { status: 201, body: {} },
    });
    renderPage(<MarginSchemePanel draft={draft} editable />);
    const book = await screen.findByRole('table', { name: 'Margin scheme stock book' });
    expect(requests[0]?.search).toBe('?vrn=123456789&from=2026-01-01&to=2026-03-31');
    expect(within(book).getByText('£600.00')).toBeInTheDocument();
    expect(within(book).getByText('£100.00')).toBeInTheDocument();
    expect(screen.queryByText(/not saved/)).not.toBeInTheDocument();
    const figures = screen.getByTestId('margin-figures');
    expect(figures).toHaveTextContent('Box 1: VAT on the margin of 1 item sold this period£100.00');
    expect(figures).toHaveTextContent('Box 6: selling prices less that VAT£1,500.00');
    expect(figures).toHaveTextContent('Box 7: purchase price of 1 item bought this period£1,000.00');

    fireEvent.click(screen.getByRole('button', { name: 'Add these figures to the return' }));
    await waitFor(async () => expect(await sent('POST', '/api/vat_records')).toHaveLength(3));
    const added = (await sent('POST', '/api/vat_records')) as { box: number; amountPence: number }[];
    expect(added.map(({ box, amountPence }) => [box, amountPence])).toEqual([
      [1, 10_000],
      [6, 150_000],
      [7, 100_000],
    ]);
    expect(added[0]).toMatchObject({ vrn, kind: 'adjustment', date: '2026-03-31', adjustmentType: 'other' });
  });

  it('saves a new item with the business, and shows the whole book on request', async () => {
    const answers: FakeAnswers = {
      'GET /api/margin_stock_items': stockBook([]),
      'POST /api/margin_stock_items': { status: 201, body: dresser },
    };
    const requests = fakeServer(answers);
    renderPage(<MarginSchemePanel draft={draft} editable />);
    expect(await screen.findByText(/No item of the stock book was bought or sold in this period/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add these figures to the return' })).toBeDisabled();

    answers['GET /api/margin_stock_items'] = stockBook([dresser]);
    fillItem({
      'Stock number': 'A1',
      Description: 'Victorian dresser',
      'Bought on': '05/01/2026',
      'Purchase price': '1,000',
      'Bought from': 'J Smith',
      'Sold on': '10/02/2026',
      'Selling price': '1,600',
      'Sold to': 'K Jones',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the stock book' }));
    expect(await screen.findByTestId('margin-item')).toHaveTextContent('Victorian dresser');
    expect(await sent('POST', '/api/margin_stock_items')).toEqual([
      {
        vrn,
        stockNumber: 'A1',
        description: 'Victorian dresser',
        purchaseDate: '2026-01-05',
        purchasePricePence: 100_000,
        seller: 'J Smith',
        saleDate: '2026-02-10',
        salePricePence: 160_000,
        buyer: 'K Jones',
      },
    ]);
    expect(screen.getByTestId('margin-figures')).toHaveTextContent('£100.00');
    // The form is empty again for the next item.
    expect(screen.getByLabelText(/^Stock number/)).toHaveValue('');

    fireEvent.click(screen.getByRole('radio', { name: 'Whole stock book' }));
    await waitFor(() => expect(requests.some((url) => url.search === '?vrn=123456789')).toBe(true));
  });

  it('shows the server’s refusal of a stock number already used on its field', async () => {
    fakeServer({
      'GET /api/margin_stock_items': stockBook([dresser]),
      'POST /api/margin_stock_items': {
        status: 409,
        body: {
          statusCode: 409,
          code: 'VALIDATION_FAILED',
          error: 'Conflict',
          message: 'Stock number A1 is already used by another item',
          issues: [{ path: 'stockNumber', message: 'Stock number A1 is already used by another item' }],
        },
      },
    });
    renderPage(<MarginSchemePanel draft={draft} editable />);
    await screen.findByTestId('margin-item');
    fillItem({
      'Stock number': 'A1',
      Description: 'Another dresser',
      'Bought on': '06/01/2026',
      'Purchase price': '500',
      'Bought from': 'J Smith',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the stock book' }));
    expect(await screen.findByText('Enter a stock number not used by another item')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Description/)).toHaveValue('Another dresser');
  });

  it('asks for what is missing, and for the buyer of an item sold, before sending anything', async () => {
    const requests = fakeServer({ 'GET /api/margin_stock_items': stockBook([]) });
    renderPage(<MarginSchemePanel draft={draft} editable />);
    await screen.findByTestId('margin-scheme');
    fillItem({ 'Stock number': 'A2', 'Purchase price': '-5', 'Sold on': '10/02/2026', 'Selling price': '100' });
    fireEvent.click(screen.getByRole('button', { name: 'Add to the stock book' }));
    expect(screen.getByText('Say what the item is')).toBeInTheDocument();
    expect(screen.getByText('Enter the date it was bought')).toBeInTheDocument();
    expect(screen.getByText('Enter the price paid, in pounds and pence (not below £0)')).toBeInTheDocument();
    expect(screen.getByText('Enter who it was sold to')).toBeInTheDocument();
    expect(requests.every((url) => url.pathname === '/api/margin_stock_items')).toBe(true);
    expect(await sent('POST', '/api/margin_stock_items')).toEqual([]);
  });

  it('records a sale by editing an item, and deletes one with an undo', async () => {
    const inStock = { ...dresser, saleDate: null, salePricePence: null, buyer: '' };
    fakeServer({
      'GET /api/margin_stock_items': stockBook([inStock]),
      'PUT /api/margin_stock_items/item-1': { body: dresser },
      'DELETE /api/margin_stock_items/item-1': { body: null },
      'POST /api/margin_stock_items/item-1/restore': { body: inStock },
    });
    renderPage(<MarginSchemePanel draft={draft} editable />);
    expect(await screen.findByTestId('margin-item')).toHaveTextContent('In stock');

    fireEvent.click(screen.getByRole('button', { name: 'Edit item A1' }));
    expect(screen.getByLabelText(/^Purchase price/)).toHaveValue('1000.00');
    fillItem({ 'Sold on': '10/02/2026', 'Selling price': '1600', 'Sold to': 'K Jones' });
    fireEvent.click(screen.getByRole('button', { name: 'Save the changes' }));
    await waitFor(async () =>
      expect(await sent('PUT', '/api/margin_stock_items/item-1')).toEqual([
        expect.objectContaining({ saleDate: '2026-02-10', salePricePence: 160_000, buyer: 'K Jones' }),
      ]),
    );
    expect(await screen.findByRole('button', { name: 'Add to the stock book' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete item A1' }));
    const notice = await screen.findByTestId('margin-item-deleted');
    expect(notice).toHaveTextContent('Item A1 was deleted from the stock book.');
    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.queryByTestId('margin-item-deleted')).not.toBeInTheDocument());
    const restores = vi
      .mocked(fetch)
      .mock.calls.map(([request]) => request as Request)
      .filter((request) => request.method === 'POST' && request.url.endsWith('/item-1/restore'));
    expect(restores).toHaveLength(1);
  });
});
