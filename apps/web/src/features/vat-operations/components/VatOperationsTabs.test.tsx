import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { dynamicMiddleware, rootReducer } from '../../../shared/store/root';
import { VatOperationsTabs } from './VatOperationsTabs';
import { type FakeAnswers, fakeServer } from '../../../test/fake-server';

const vrn = '123456782';

/** What VAT Wise's server answers, by path; anything else is a 404. */
const answers: FakeAnswers = {
  '/api/vat/obligations': {
    body: {
      obligations: [
        { periodKey: '18A2', start: '2017-04-01', end: '2017-06-30', due: '2017-08-07', status: 'O', received: null },
        {
          periodKey: '18A1',
          start: '2017-01-01',
          end: '2017-03-31',
          due: '2017-05-07',
          status: 'F',
          received: '2017-05-06',
        },
      ],
    },
  },
  '/api/vat/returnview': {
    body: {
      periodKey: '18A1',
      boxes: {
        vatDueSales: 123_456,
        vatDueAcquisitions: 0,
        totalVatDue: 123_456,
        vatReclaimedCurrPeriod: 23_456,
        netVatDue: 100_000,
        totalValueSalesExVAT: 617_200,
        totalValuePurchasesExVAT: 117_200,
        totalValueGoodsSuppliedExVAT: 0,
        totalAcquisitionsExVAT: 0,
      },
    },
  },
  '/api/vat/liabilities': {
    body: {
      liabilities: [
        {
          taxPeriod: { from: '2017-01-01', to: '2017-01-31' },
          type: 'VAT Return Debit Charge',
          originalAmountPence: 463_872,
          outstandingAmountPence: 463_872,
          due: '2017-03-07',
        },
      ],
    },
  },
  '/api/vat/payments': { body: { payments: [{ amountPence: 153_465, received: '2017-03-05' }] } },
  // The payments started from VAT Wise (features/payments), listed under HMRC's.
  '/api/payments': {
    body: {
      journeys: [
        {
          id: '6f1c2b1e-3d4a-4c5b-8e9f-0a1b2c3d4e5f',
          vrn,
          kind: 'liability',
          reference: '2017-01-01/2017-03-31',
          amountPence: 153_465,
          startedByName: 'Pat Payer',
          startedAt: '2017-03-05T10:00:00.000Z',
          status: 'Completed',
          statusCheckedAt: '2017-03-05T10:01:00.000Z',
          paidAmountPence: 153_465,
          reconciledAt: '2017-03-05T10:01:00.000Z',
        },
      ],
    },
  },
  '/api/vat/penalties': {
    body: {
      totals: null,
      lateSubmissionSummary: {
        activePoints: 1,
        inactivePoints: 0,
        threshold: 4,
        chargeAmountPence: 20_000,
        complianceAchievedOn: '2026-06-01',
      },
      penalties: [
        {
          kind: 'lateSubmission',
          id: '00001',
          category: 'point',
          status: 'active',
          taxPeriod: { from: '2024-01-01', to: '2024-03-31' },
          createdOn: '2024-05-08',
          expiresOn: '2026-06-01',
          chargeReference: null,
          amountPence: null,
          outstandingPence: null,
          dueOn: null,
          appealStatus: null,
        },
        {
          kind: 'latePayment',
          id: 'XV123451234512',
          category: 'LPP1',
          status: 'posted',
          taxPeriod: { from: '2024-01-01', to: '2024-03-31' },
          createdOn: '2024-06-06',
          expiresOn: null,
          chargeReference: 'XP123456789012',
          amountPence: 40_000,
          outstandingPence: 40_000,
          dueOn: '2024-07-06',
          appealStatus: null,
        },
      ],
    },
  },
  '/api/vat/financials': {
    body: {
      totals: { overduePence: 40_000, notYetDuePence: null, balancePence: 40_000, creditPence: null, clearedPence: 0 },
      documents: [
        {
          postingDate: '2024-06-06',
          issueDate: '2024-06-06',
          totalPence: 40_000,
          clearedPence: 0,
          outstandingPence: 40_000,
          lines: [
            {
              description: 'VAT Late Payment Penalty 1',
              from: '2024-01-01',
              to: '2024-03-31',
              dueOn: '2024-07-06',
              amountPence: 40_000,
            },
          ],
        },
      ],
    },
  },
};

function fakeServerWith(overrides: typeof answers = {}) {
  return fakeServer({ ...answers, ...overrides });
}

function renderTabs(path = '/app/vat-operations') {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  return render(
    <Provider store={store}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback="Loading">
            <VatOperationsTabs vrn={vrn} />
          </Suspense>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
}

describe('the VAT Operations tabs', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lists obligations for the last 12 months, flags the overdue one and hides period keys', async () => {
    const requests = fakeServerWith();
    renderTabs();
    const rows = await screen.findAllByTestId('obligation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Overdue')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Fulfilled')).toBeInTheDocument();
    expect(screen.getByText('1 Jan 2017 – 31 Mar 2017')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('18A1');
    const sent = requests.find((url) => url.pathname === '/api/vat/obligations');
    expect(sent?.searchParams.get('vrn')).toBe(vrn);
    expect(sent?.searchParams.get('status')).toBe('All');
    expect(sent?.searchParams.get('from')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getAllByRole('button', { name: 'View return' })).toHaveLength(1);
  });

  it('shows the submitted return’s nine boxes in a modal', async () => {
    const user = userEvent.setup();
    const requests = fakeServerWith();
    renderTabs();
    await user.click(await screen.findByRole('button', { name: 'View return' }));
    const modal = await screen.findByTestId('return-view');
    expect(await within(modal).findByText('Box 5')).toBeInTheDocument();
    expect(within(modal).getByText('Net VAT to pay to HMRC or reclaim')).toBeInTheDocument();
    expect(within(modal).getByText('£1,000.00')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'VAT return for 1 Jan 2017 – 31 Mar 2017' })).toBeInTheDocument();
    expect(requests.find((url) => url.pathname === '/api/vat/returnview')?.searchParams.get('periodKey')).toBe('18A1');
  });

  it('labels each cell with its column’s heading, for the cards a phone shows', async () => {
    fakeServerWith();
    renderTabs();
    const [row] = await screen.findAllByTestId('obligation-row');
    const headings = screen.getAllByRole('columnheader').map((heading) => heading.textContent);
    const cells = within(row as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(headings);
    expect(cells.map((cell) => cell.getAttribute('data-stacked-part'))).toEqual([
      'title',
      'field',
      'status',
      'field',
      'action',
    ]);
  });

  it('sorts by a column from its header button and says so with aria-sort', async () => {
    const user = userEvent.setup();
    fakeServerWith();
    renderTabs();
    await screen.findAllByTestId('obligation-row');
    const header = screen.getByRole('button', { name: 'Due date' });
    await user.click(header);
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(within(screen.getAllByTestId('obligation-row')[0] as HTMLElement).getByText('7 May 2017')).toBeTruthy();
    await user.click(header);
    expect(header.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(within(screen.getAllByTestId('obligation-row')[0] as HTMLElement).getByText('7 Aug 2017')).toBeTruthy();
  });

  it('refuses a range that ends before it starts, or is too long, without asking HMRC, saying which', async () => {
    const requests = fakeServerWith();
    renderTabs();
    await screen.findAllByTestId('obligation-row');
    const before = requests.length;
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-01-01' } });
    expect(await screen.findByTestId('date-range-problem')).toHaveTextContent(
      'The From date must be before the To date.',
    );
    expect(screen.queryAllByTestId('obligation-row')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2000-01-01' } });
    expect(await screen.findByTestId('date-range-problem')).toHaveTextContent(
      'Invalid date range, must be 366 days or less (Obligations).',
    );
    expect(requests.length).toBe(before);
  });

  it('explains an error, offers a retry and Grant Authority when the business is not connected', async () => {
    fakeServerWith({
      '/api/vat/obligations': {
        status: 409,
        body: { error: 'Conflict', code: 'HMRC_NOT_CONNECTED', message: 'Not connected' },
      },
    });
    renderTabs();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This business is not connected to HMRC yet.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Go to Grant Authority' })).toHaveAttribute(
      'href',
      '/app/grant-authority',
    );
  });

  it('opens the tab named in the address: liabilities with the chart against payments', async () => {
    fakeServerWith();
    renderTabs('/app/vat-operations?tab=liabilities');
    expect(await screen.findByRole('tab', { name: 'Liabilities' })).toHaveAttribute('aria-selected', 'true');
    const [row] = await screen.findAllByTestId('liability-row');
    expect(screen.getAllByTestId('liability-row')).toHaveLength(1);
    // Original and outstanding amounts, in pounds and pence.
    expect(within(row as HTMLElement).getAllByText('£4,638.72')).toHaveLength(2);
    const chart = await screen.findByTestId('liabilities-chart');
    expect(chart).toHaveTextContent('payments of £1,534.65');
    // The bars' code arrives on demand and takes the place of the loader.
    await waitFor(() => expect(chart.querySelector('.recharts-responsive-container')).not.toBeNull());
    expect(within(chart).queryByLabelText('Loading…')).toBeNull();
  });

  it('sends the chosen sandbox test scenario with the tab’s query', async () => {
    const requests = fakeServerWith();
    renderTabs('/app/vat-operations?tab=payments');
    await screen.findAllByTestId('payment-row');
    // Under HMRC's payments, those started from VAT Wise, each linked to its outcome.
    const recent = await screen.findByTestId('recent-payments');
    expect(within(recent).getByText('Paid')).toBeInTheDocument();
    expect(within(recent).getByRole('link', { name: /£1,534\.65, started .* by Pat Payer/ })).toHaveAttribute(
      'href',
      '/app/payments/return?journey=6f1c2b1e-3d4a-4c5b-8e9f-0a1b2c3d4e5f',
    );
    fireEvent.change(screen.getByLabelText('Test scenario'), { target: { value: 'MULTIPLE_PAYMENTS' } });
    await waitFor(() =>
      expect(requests.some((url) => url.searchParams.get('scenario') === 'MULTIPLE_PAYMENTS')).toBe(true),
    );
  });

  it('shows penalties and, on request, the financial details of each charge', async () => {
    const user = userEvent.setup();
    fakeServerWith();
    renderTabs('/app/vat-operations?tab=penalties');
    expect(await screen.findAllByTestId('penalty-row')).toHaveLength(2);
    expect(screen.getByTestId('penalty-points')).toHaveTextContent('1 of 4');
    expect(screen.queryByTestId('financial-details')).not.toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Show financial details' }));
    const details = await screen.findByTestId('financial-details');
    expect(details).toHaveTextContent('VAT Late Payment Penalty 1');
    expect(screen.getByText('HMRC has not raised a charge for this penalty yet.')).toBeInTheDocument();
  });
});
