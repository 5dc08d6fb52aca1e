import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { VatRecord } from '@vatwise/domain';
import { Suspense } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { RecordForm } from './RecordForm';

const addRecord = vi.fn((_: unknown) => ({ unwrap: () => Promise.resolve({}) }));
const updateRecord = vi.fn((_: unknown) => ({ unwrap: () => Promise.resolve({}) }));
vi.mock('../api', () => ({
  vatReturnsApi: {
    useAddRecordMutation: () => [addRecord, { isLoading: false }],
    useUpdateRecordMutation: () => [updateRecord, { isLoading: false }],
  },
}));

const period = { start: '2026-01-01', end: '2026-03-31' };
const stored: VatRecord = {
  id: 'r1',
  vrn: '123456789',
  createdAt: '2026-01-02T00:00:00Z',
  source: null,
  kind: 'sale',
  date: '2026-01-02',
  description: 'Invoice 17',
  netPence: 100_000,
  vatPence: 19_999,
  rate: 'standard',
  treatment: 'normal',
};

function renderForm(record?: VatRecord) {
  const onClose = vi.fn();
  render(
    <MantineProvider>
      <Suspense fallback="Loading">
        <RecordForm vrn="123456789" period={period} record={record} onClose={onClose} />
      </Suspense>
    </MantineProvider>,
  );
  return { onClose, user: userEvent.setup({ delay: null }) };
}

const net = () => screen.getByRole('textbox', { name: /^Net amount/ });
const vat = () => screen.getByRole('textbox', { name: /^VAT/ });
const rate = () => screen.getByRole('combobox', { name: 'VAT rate' });
const workOut = () => screen.getByRole('button', { name: 'Work out VAT' });
const warning = () => screen.queryByTestId('vat-warning');

describe('RecordForm VAT', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    addRecord.mockClear();
    updateRecord.mockClear();
  });

  it('fills VAT from net × rate as the net is typed and the rate changes', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Net amount/ }), '1,234.56');
    expect(vat()).toHaveValue('246.91'); // 20% of £1,234.56 = £246.912, to the nearest penny
    await user.selectOptions(rate(), 'reduced');
    expect(vat()).toHaveValue('61.73'); // 5% = £61.728
    await user.selectOptions(rate(), 'zero');
    expect(vat()).toHaveValue('0.00');
    await user.selectOptions(rate(), 'standard');
    await user.clear(net());
    await user.type(net(), '-500');
    expect(vat()).toHaveValue('-100.00'); // a credit note
    expect(warning()).not.toBeInTheDocument();
  });

  it('keeps VAT the user typed when the net or rate changes, and warns when it disagrees', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Net amount/ }), '1000');
    await user.clear(vat());
    await user.type(vat(), '150');
    await user.type(net(), '0');
    expect(net()).toHaveValue('10000');
    expect(vat()).toHaveValue('150');
    await user.clear(net());
    await user.type(net(), '1000');
    await user.selectOptions(rate(), 'reduced');
    expect(vat()).toHaveValue('150');
    await user.selectOptions(rate(), 'standard');

    expect(warning()).toHaveTextContent(
      'VAT £150.00 is not 20% of £1,000.00 (that would be £200.00). Check the amount or the rate.',
    );
    // Read with the field, not as an error.
    expect(vat()).toHaveAccessibleDescription(expect.stringContaining('VAT £150.00 is not 20% of £1,000.00'));
    expect(vat()).not.toHaveAttribute('aria-invalid');
  });

  it('shows no warning when VAT is within a penny of net × rate, and names a rate with no VAT', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Net amount/ }), '1234.56');
    await user.clear(vat());
    await user.type(vat(), '246.90'); // rounded down, 1p short
    expect(warning()).not.toBeInTheDocument();
    await user.clear(vat());
    await user.type(vat(), '246.89');
    expect(warning()).toHaveTextContent('VAT £246.89 is not 20% of £1,234.56 (that would be £246.91).');
    await user.selectOptions(rate(), 'exempt');
    expect(warning()).toHaveTextContent(
      'A record marked “Exempt” carries no VAT, but VAT of £246.89 is entered. Check the amount or the rate.',
    );
  });

  it('still saves a record whose VAT disagrees with the rate', async () => {
    const { user, onClose } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Description/ }), 'Invoice 18');
    await user.type(net(), '1000');
    await user.clear(vat());
    await user.type(vat(), '150');
    expect(warning()).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(addRecord).toHaveBeenCalledWith({
      vrn: '123456789',
      input: expect.objectContaining({ netPence: 100_000, vatPence: 15_000, rate: 'standard' }),
    });
  });

  it('works VAT out again from the keyboard, and follows the net after that', async () => {
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Net amount/ }), '1000');
    await user.clear(vat());
    await user.type(vat(), '150');
    await user.tab();
    expect(workOut()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(vat()).toHaveValue('200.00');
    expect(warning()).not.toBeInTheDocument();
    await user.clear(net());
    await user.type(net(), '50');
    expect(vat()).toHaveValue('10.00');
  });

  it('does not change a stored record’s VAT on open, but warns about it and can work it out', async () => {
    const { user } = renderForm(stored);
    expect(await screen.findByRole('textbox', { name: /^VAT/ })).toHaveValue('199.99');
    expect(net()).toHaveValue('1000.00');
    expect(warning()).not.toBeInTheDocument(); // 1p from £200.00: rounding
    await user.clear(net());
    await user.type(net(), '900');
    expect(vat()).toHaveValue('199.99');
    expect(warning()).toHaveTextContent('VAT £199.99 is not 20% of £900.00 (that would be £180.00).');
    await user.click(workOut());
    expect(vat()).toHaveValue('180.00');
  });
});

describe('RecordForm construction reverse charge', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => addRecord.mockClear());

  it('says which boxes a reverse-charged purchase goes in, and saves it with its VAT', async () => {
    const { user } = renderForm();
    await user.click(await screen.findByRole('radio', { name: 'Purchase' }));
    const treatment = screen.getByRole('combobox', { name: /^Treatment/ });
    expect(screen.queryByText(/box 7/)).not.toBeInTheDocument();
    await user.selectOptions(treatment, 'constructionReverseCharge');
    expect(treatment).toHaveAccessibleDescription(/box 1 and is reclaimed in box 4; the net value goes in box 7/);
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Subcontractor labour');
    await user.type(net(), '10,000');
    expect(vat()).toHaveValue('2000.00');
    await user.click(screen.getByRole('radio', { name: 'Sale' }));
    expect(treatment).toHaveAccessibleDescription(/Only the net value goes in box 6, with no VAT in box 1/);
    await user.click(screen.getByRole('radio', { name: 'Purchase' }));
    await user.click(screen.getByRole('button', { name: 'Save record' }));
    await waitFor(() => expect(addRecord).toHaveBeenCalledTimes(1));
    expect(addRecord.mock.calls[0]?.[0]).toMatchObject({
      input: { kind: 'purchase', netPence: 1_000_000, vatPence: 200_000, treatment: 'constructionReverseCharge' },
    });
  });
});
