import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import { OwedCard } from './OwedCard';
import PaymentReturnPage from './PaymentReturnPage';

const id = '6f1c2b1e-3d4a-4c5b-8e9f-0a1b2c3d4e5f';
const journey = {
  id,
  vrn: '123456782',
  kind: 'liability',
  reference: '2025-04-01/2025-06-30',
  amountPence: 10_000,
  startedByName: 'Pat Payer',
  startedAt: '2025-08-20T10:00:00.000Z',
  status: 'Completed',
  statusCheckedAt: '2025-08-20T10:01:00.000Z',
  paidAmountPence: 10_000,
  reconciledAt: '2025-08-20T10:01:00.000Z',
};

const outcomePage = () =>
  renderPage(
    <Routes>
      <Route path="/app/payments/return" element={<PaymentReturnPage />} />
    </Routes>,
    `/app/payments/return?journey=${id}`,
  );

describe('paying HMRC in the browser', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a completed payment that HMRC’s account shows', async () => {
    fakeServer({ [`/api/payments/${id}`]: { body: journey } });
    outcomePage();
    expect(await screen.findByTestId('payment-paid')).toHaveTextContent('£100.00 paid to HMRC');
    expect(screen.getByTestId('payment-reconciled')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Payment to HMRC');
  });

  it('shows a refused or cancelled payment and what to do next', async () => {
    fakeServer({
      [`/api/payments/${id}`]: { body: { ...journey, status: 'Failed', paidAmountPence: null, reconciledAt: null } },
    });
    outcomePage();
    expect(await screen.findByTestId('payment-failed')).toHaveTextContent('Nothing was taken');
    expect(screen.getByRole('link', { name: 'See what is owed' })).toHaveAttribute('href', '/app/vat-operations');
  });

  it('says when no payment is named, and when the server fails', async () => {
    fakeServer({ [`/api/payments/${id}`]: { status: 500, body: { code: 'INTERNAL', message: 'Down' } } });
    outcomePage();
    expect(await screen.findByTestId('payment-error')).toBeInTheDocument();
  });

  it('lists what lateness costs beside what is owed, and Pay now reaches HMRC’s page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const requests = fakeServer({
      'POST /api/payments': {
        body: { journey: { ...journey, status: 'InProgress' }, redirectUrl: 'https://hmrc/pay/x' },
      },
    });
    renderPage(
      <OwedCard
        vrn="123456782"
        kind="liability"
        reference="2025-04-01/2025-06-30"
        what="VAT Return Debit Charge"
        outstandingPence={1_000_000}
        dueDate="2025-08-07"
        periodStart="2025-04-01"
        today="2025-09-16"
      />,
    );
    const costs = await screen.findByTestId('lateness-costs');
    expect(costs).toHaveTextContent('40 days late');
    expect(within(costs).getByText(/From 23 Aug 2025: a first penalty of £300\.00/)).toBeInTheDocument();
    expect(
      within(costs).getByText(/From 7 Sept? 2025: a second penalty of about £2\.74 a day \(10% a year\)/),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay £10,000.00 now for VAT Return Debit Charge' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://hmrc/pay/x'));
    expect(requests.some((url) => url.pathname === '/api/payments')).toBe(true);
  });
});
