import {
  decideErrorCorrection,
  type ErrorCorrection,
  type ReturnDraft,
  type ReturnErrorCorrections,
  vat652Content,
} from '@vatwise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { type FakeAnswers, fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { ErrorCorrectionsPanel } from './ErrorCorrectionsPanel';

const draft = { id: 'r1', vrn: '123456789', status: 'draft' } as ReturnDraft;
const correction = (fields: Partial<ErrorCorrection>): ErrorCorrection => ({
  id: 'e1',
  createdAt: '2026-11-20T10:00:00Z',
  periodStart: '2026-04-01',
  periodEnd: '2026-06-30',
  outputTaxPence: 1_250_000,
  inputTaxPence: 0,
  cause: 'careless',
  description: 'Invoice 0931 left out of the sales day book',
  discoveredOn: '2026-11-20',
  ...fields,
});
/** What the server answers for these errors against a box 6 of £100,000 (limit £10,000). */
const answer = (corrections: ErrorCorrection[]): ReturnErrorCorrections => {
  const working = decideErrorCorrection(corrections, 100_000_00);
  return {
    corrections,
    working,
    notification:
      working.method === 'separate'
        ? vat652Content({
            vrn: '123456789',
            businessName: 'Acme Ltd',
            errors: corrections,
            reason: working.reason,
            date: '2026-11-20',
          })
        : null,
  };
};
const requestBody = async (call: unknown) => (await (call as [Request])[0].clone().json()) as unknown;

describe('errors found in earlier returns', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows why errors over the limit need a separate notification, with its PDF and text', async () => {
    fakeServer({ '/api/vat_returns/r1/error_corrections': { body: answer([correction({})]) } });
    renderPage(<ErrorCorrectionsPanel draft={draft} editable />);
    expect(await screen.findByTestId('error-correction-method')).toHaveTextContent('Separate notification needed');
    expect(screen.getByTestId('error-correction-reason')).toHaveTextContent(
      'The net value, £12,500.00, is more than the limit of £10,000.00',
    );
    const notification = screen.getByTestId('error-notification');
    expect(within(notification).getByText('Acme Ltd, VAT registration number 123456789')).toBeInTheDocument();
    expect(screen.getByTestId('error-notification-total')).toHaveTextContent('Net total: £12,500.00');
    expect(within(notification).getByRole('link', { name: 'Download the notification (PDF)' })).toHaveAttribute(
      'href',
      '/api/vat_returns/r1/error-notification.pdf',
    );
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fireEvent.click(within(notification).getByRole('button', { name: 'Copy the text' }));
    expect(await within(notification).findByText('Copied.')).toBeInTheDocument();
    expect(writeText.mock.calls[0]?.[0]).toContain('VAT registration number: 123456789');
  });

  it('says what to fix, then sends the error in pence; a careless one on the return brings HMRC’s advice', async () => {
    const added = correction({ outputTaxPence: 50_000, inputTaxPence: -1_050 });
    const answers: FakeAnswers = {
      '/api/vat_returns/r1/error_corrections': { body: answer([]) },
      'POST /api/vat_returns/r1/error_corrections': { status: 201, body: answer([added]) },
    };
    fakeServer(answers);
    const fetchMock = vi.mocked(fetch);
    const user = userEvent.setup();
    renderPage(<ErrorCorrectionsPanel draft={draft} editable />);
    expect(await screen.findByText('No errors from earlier returns recorded with this return.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add the error' }));
    expect(screen.getAllByText('Enter a date.')).toHaveLength(2);
    expect(screen.getByText('Enter the VAT on sales or on purchases that was wrong.')).toBeInTheDocument();
    expect(screen.getByText('Choose what caused the error.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some((call) => (call[0] as Request).method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/Earlier period: start/), { target: { value: '01/04/2026' } });
    fireEvent.change(screen.getByLabelText(/Earlier period: end/), { target: { value: '30/06/2026' } });
    fireEvent.change(screen.getByLabelText(/Found on/), { target: { value: '20/11/2026' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'VAT on sales wrong by (£)' }), { target: { value: '12,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'VAT on purchases wrong by (£)' }), {
      target: { value: '-10.50' },
    });
    await user.selectOptions(screen.getByRole('combobox', { name: /What caused it/ }), 'careless');
    fireEvent.change(screen.getByRole('textbox', { name: /How the error arose/ }), {
      target: { value: 'Invoice 0931 left out' },
    });
    await user.click(screen.getByRole('button', { name: 'Add the error' }));
    expect(
      await screen.findByText('Write an amount in pounds and pence, such as 1250.00 or -80.50.'),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'VAT on sales wrong by (£)' }), {
      target: { value: '500' },
    });
    // The server now holds the error: the list read again after the change is the new one.
    answers['/api/vat_returns/r1/error_corrections'] = { body: answer([added]) };
    await user.click(screen.getByRole('button', { name: 'Add the error' }));
    expect(await screen.findByTestId('error-correction-method')).toHaveTextContent('Corrected on this return');
    expect(screen.getByTestId('error-correction-careless')).toHaveTextContent('careless errors to be notified');
    expect(screen.queryByTestId('error-notification')).not.toBeInTheDocument();
    const post = fetchMock.mock.calls.find((call) => (call[0] as Request).method === 'POST');
    expect(await requestBody(post)).toEqual({
      periodStart: '2026-04-01',
      periodEnd: '2026-06-30',
      outputTaxPence: 50_000,
      inputTaxPence: -1_050,
      cause: 'careless',
      description: 'Invoice 0931 left out',
      discoveredOn: '2026-11-20',
    });
  });

  it('removes an error and puts it back on undo', async () => {
    const kept = correction({ outputTaxPence: 40_000 });
    const restored = answer([{ ...kept, id: 'e2' }]);
    const answers: FakeAnswers = {
      '/api/vat_returns/r1/error_corrections': { body: answer([kept]) },
      'DELETE /api/vat_returns/r1/error_corrections/e1': { body: answer([]) },
      'POST /api/vat_returns/r1/error_corrections': { status: 201, body: restored },
    };
    fakeServer(answers);
    renderPage(<ErrorCorrectionsPanel draft={draft} editable />);
    const remove = await screen.findByRole('button', { name: /Remove the error for/ });
    expect(remove).toHaveAccessibleName('Remove the error for 1 Apr 2026 – 30 Jun 2026');
    answers['/api/vat_returns/r1/error_corrections'] = { body: answer([]) };
    fireEvent.click(remove);
    expect(await screen.findByTestId('error-correction-removed')).toHaveTextContent('Error removed.');
    expect(screen.queryByTestId('error-correction')).not.toBeInTheDocument();
    answers['/api/vat_returns/r1/error_corrections'] = { body: restored };
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getAllByTestId('error-correction')).toHaveLength(1));
    expect(screen.queryByTestId('error-correction-removed')).not.toBeInTheDocument();
  });

  it('shows a filed return’s errors without the form or the remove buttons', async () => {
    fakeServer({ '/api/vat_returns/r1/error_corrections': { body: answer([correction({ outputTaxPence: 100 })]) } });
    renderPage(<ErrorCorrectionsPanel draft={{ ...draft, status: 'submitted' }} editable={false} />);
    expect(await screen.findByTestId('error-correction')).toHaveTextContent('Invoice 0931');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add the error' })).not.toBeInTheDocument();
  });
});
