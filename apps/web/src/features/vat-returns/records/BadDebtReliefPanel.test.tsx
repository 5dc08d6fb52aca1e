import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReturnDraft } from '@vatwise/domain';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { renderPage } from '../../../test/render-page';
import { BadDebtReliefPanel } from './BadDebtReliefPanel';

const addRecord = vi.fn((_: unknown) => ({ unwrap: () => Promise.resolve({}) }));
vi.mock('../api', () => ({
  vatReturnsApi: { useAddRecordMutation: () => [addRecord, { isLoading: false }] },
}));

// A quarter before the pinned today (25 Nov 2026), well inside the 4 years and 6 months of an invoice due in it.
const draft = {
  id: 'r1',
  vrn: '123456789',
  periodStart: '2025-07-01',
  periodEnd: '2025-09-30',
  schemes: [],
} as unknown as ReturnDraft;

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the bad debt relief worksheet', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    addRecord.mockClear();
    // Only the clock is faked (not timers), so the worksheet's "can it be claimed now" is the same every day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('works out the relief on a part-paid invoice and adds it to box 4 as bad debt relief', async () => {
    renderPage(<BadDebtReliefPanel draft={draft} editable />);
    await screen.findByTestId('bad-debt-relief');
    type(/^Customer and invoice number/, 'Acme Ltd INV-42');
    type(/^Date of supply/, '10/01/2025');
    type(/^Payment due date/, '09/02/2025');
    type(/^Invoice total/, '1,200');
    type(/^Paid so far/, '600');
    const working = await screen.findByTestId('bad-debt-working');
    expect(working).toHaveTextContent('Can be claimed from9 Aug 2025');
    expect(working).toHaveTextContent('Must be claimed by9 Aug 2029');
    expect(working).toHaveTextContent('Relief (VAT in the unpaid amount)£100.00');
    fireEvent.click(screen.getByRole('button', { name: 'Add £100.00 to box 4' }));
    await waitFor(() => expect(addRecord).toHaveBeenCalledTimes(1));
    expect(addRecord.mock.calls[0]?.[0]).toMatchObject({
      vrn: '123456789',
      input: {
        kind: 'adjustment',
        date: '2025-09-30',
        box: 4,
        amountPence: 10_000,
        adjustmentType: 'badDebtRelief',
        description: 'Bad debt relief: Acme Ltd INV-42',
      },
    });
  });

  it('says when it is too early to claim and adds nothing', async () => {
    renderPage(<BadDebtReliefPanel draft={draft} editable />);
    await screen.findByTestId('bad-debt-relief');
    type(/^Customer and invoice number/, 'Acme Ltd INV-43');
    type(/^Date of supply/, '01/06/2025');
    type(/^Payment due date/, '01/07/2025');
    type(/^Invoice total/, '1,200');
    expect(screen.getByTestId('bad-debt-note')).toHaveTextContent('Not yet: relief can be claimed from 1 Jan 2026');
    expect(screen.getByRole('button', { name: 'Add to the return' })).toBeDisabled();
  });

  it('asks for what is missing before adding anything', async () => {
    renderPage(<BadDebtReliefPanel draft={draft} editable />);
    await screen.findByTestId('bad-debt-relief');
    fireEvent.click(screen.getByRole('button', { name: 'Add to the return' }));
    expect(screen.getByText('Say which invoice this is')).toBeInTheDocument();
    expect(screen.getByText('Enter the invoice total including VAT, more than £0.00')).toBeInTheDocument();
    expect(addRecord).not.toHaveBeenCalled();
  });

  it('repays the share of relief a later payment covers, in box 1', async () => {
    renderPage(<BadDebtReliefPanel draft={draft} editable />);
    await screen.findByTestId('bad-debt-relief');
    fireEvent.click(screen.getByRole('radio', { name: 'Customer paid later' }));
    type(/^Customer and invoice number/, 'Acme Ltd INV-40');
    type(/^Relief claimed/, '200');
    type(/^Unpaid when relief was claimed/, '1200');
    type(/^Payment received since/, '300');
    fireEvent.click(screen.getByRole('button', { name: 'Add £50.00 to box 1' }));
    await waitFor(() => expect(addRecord).toHaveBeenCalledTimes(1));
    expect(addRecord.mock.calls[0]?.[0]).toMatchObject({
      input: { box: 1, amountPence: 5_000, adjustmentType: 'badDebtRelief' },
    });
  });
});
