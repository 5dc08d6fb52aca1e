import type { ComputedReturn, ReturnDraft } from '@vatwise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { AnnualAccountingPanel } from './AnnualAccountingPanel';
import { PartialExemptionPanel } from './PartialExemptionPanel';

const year = { vrn: '123456789', periodStart: '2024-04-01', periodEnd: '2025-03-31' };
/** A year whose net VAT (box 3 − box 4) is £14,500. */
const yearDraft = {
  ...year,
  computed: { boxes: { box3: 2_000_000, box4: 550_000 } } as ComputedReturn,
} as Pick<ReturnDraft, 'periodStart' | 'periodEnd' | 'computed'>;

const type = async (label: RegExp, value: string) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { value } });

describe('the annual accounting panel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('previous year £12,000: nine instalments of £1,200 from 31 July, and £3,700 to pay by 31 May', async () => {
    renderPage(<AnnualAccountingPanel draft={yearDraft} />);
    await type(/Previous year’s VAT liability/, '12,000');
    const rows = within(await screen.findByTestId('instalments')).getAllByRole('row');
    expect(rows).toHaveLength(10);
    expect(rows[1]).toHaveTextContent(/1\s*31 Jul 2024\s*£1,200\.00/);
    expect(screen.getByTestId('balancing-payment')).toHaveTextContent(
      'Balancing payment: £3,700.00 to pay by 31 May 2025 (the year’s VAT £14,500.00 less the instalments paid).',
    );
  });

  it('three quarterly instalments of £3,000, and a repayment when more was paid than the year’s VAT', async () => {
    renderPage(<AnnualAccountingPanel draft={yearDraft} />);
    await type(/Previous year’s VAT liability/, '12000');
    fireEvent.click(screen.getByRole('radio', { name: '3 quarterly (25%)' }));
    expect(within(await screen.findByTestId('instalments')).getAllByRole('row')).toHaveLength(4);
    await type(/Instalments paid/, '15000');
    expect(screen.getByTestId('balancing-payment')).toHaveTextContent('HMRC owes you £500.00');
  });

  it('says what to fix in an amount that is not pounds and pence', async () => {
    renderPage(<AnnualAccountingPanel draft={yearDraft} />);
    await type(/Previous year’s VAT liability/, '12,00');
    expect(screen.getByText('Enter an amount in pounds and pence, such as 1200.00')).toBeInTheDocument();
  });
});

describe('the partial exemption panel', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  const quarter = { vrn: '123456789', periodStart: '2025-01-01', periodEnd: '2025-03-31' };
  const enterQuarter = async () => {
    await type(/Taxable supplies/, '100000');
    await type(/^Exempt supplies/, '50000');
    await type(/Input tax on taxable supplies only/, '6000');
    await type(/Input tax on exempt supplies only/, '1500');
    await type(/Residual input tax/, '3000');
  };

  it('shows 67%, the failed de minimis tests and £2,490 lost, and adds it as a box 4 adjustment', async () => {
    fakeServer({ 'POST /api/vat_records': { status: 201, body: { id: 'rec1' } } });
    renderPage(<PartialExemptionPanel draft={quarter} editable />);
    await enterQuarter();
    const working = screen.getByTestId('partial-exemption-working');
    expect(working).toHaveTextContent('Recovery percentage: 67% of residual input tax');
    expect(working).toHaveTextContent('De minimis limit for this period: £1,875.00');
    expect(
      within(working)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/test 1.*: No$/),
      expect.stringMatching(/test 2.*: No$/),
      expect.stringMatching(/Standard test.*: No$/),
    ]);
    expect(screen.getByTestId('irrecoverable')).toHaveTextContent('Input tax you cannot reclaim: £2,490.00');

    fireEvent.click(screen.getByRole('button', { name: 'Add an adjustment of −£2,490.00 to box 4' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    const request = vi.mocked(fetch).mock.calls[0]?.[0] as Request;
    expect(await request.json()).toMatchObject({
      vrn: '123456789',
      kind: 'adjustment',
      box: 4,
      amountPence: -249_000,
      date: '2025-03-31',
      reason: expect.stringContaining('recovery percentage 67%'),
    });
  });

  it('annual adjustment: the year’s figures against what its returns reclaimed, added to box 4', async () => {
    fakeServer({ 'POST /api/vat_records': { status: 201, body: { id: 'rec2' } } });
    renderPage(<PartialExemptionPanel draft={quarter} editable />);
    fireEvent.click(screen.getByRole('radio', { name: 'Annual adjustment' }));
    await type(/Taxable supplies/, '400000');
    await type(/^Exempt supplies/, '200000');
    await type(/Input tax on taxable supplies only/, '24000');
    await type(/Input tax on exempt supplies only/, '6000');
    await type(/Residual input tax/, '12000');
    await type(/Input tax reclaimed in the year/, '31000');
    // 67% of £12,000 residual = £8,040, plus £24,000 direct: £32,040 recoverable; £9,960 exempt is over £7,500.
    expect(screen.getByTestId('partial-exemption-working')).toHaveTextContent(
      'De minimis limit for this period: £7,500.00',
    );
    expect(screen.getByTestId('annual-adjustment')).toHaveTextContent(
      'Annual adjustment: £1,040.00 more to reclaim in box 4.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add an adjustment of +£1,040.00 to box 4' }));
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    const request = vi.mocked(fetch).mock.calls[0]?.[0] as Request;
    expect(await request.json()).toMatchObject({
      box: 4,
      amountPence: 104_000,
      description: 'Partial exemption: annual adjustment',
    });
  });

  it('de minimis: says all input tax is recoverable and offers no adjustment', async () => {
    renderPage(<PartialExemptionPanel draft={quarter} editable />);
    await enterQuarter();
    await type(/Input tax on exempt supplies only/, '810');
    expect(screen.getByTestId('irrecoverable')).toHaveTextContent(
      'De minimis: all £9,810.00 of input tax is recoverable.',
    );
    expect(screen.queryByRole('button', { name: /Add an adjustment/ })).not.toBeInTheDocument();
  });

  it('says what to fix in a negative amount', async () => {
    renderPage(<PartialExemptionPanel draft={quarter} editable />);
    await type(/Residual input tax/, '-5');
    expect(screen.getByText(/Enter an amount of zero or more/)).toBeInTheDocument();
  });
});
