import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { MoneyField } from './MoneyField';
import { type FieldErrors, useFormState } from './use-form-state';

interface Amounts {
  gross: string;
  paid: string;
}

/**
 * Two bound amounts and a submit button, as a panel builds them: on submit, `check` finds the
 * fields' errors from the text as typed, and with none the text goes to `onSave`.
 */
function AmountsForm({
  check = () => ({}),
  onSave = () => undefined,
  onPaidChange,
}: {
  check?: (values: Amounts) => FieldErrors<Amounts, string>;
  onSave?: (values: Amounts) => void;
  onPaidChange?: (text: string) => void;
}) {
  const form = useFormState<Amounts>({ gross: '', paid: '0' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const errors = check(form.values);
        if (Object.keys(errors).length > 0) form.setErrors(errors);
        else onSave(form.values);
      }}
    >
      <MoneyField form={form} name="gross" label="Amount owed" description="Including VAT" required />
      <MoneyField form={form} name="paid" label="Paid so far" onChange={onPaidChange} />
      <button type="submit">Add</button>
    </form>
  );
}

const setup = () => userEvent.setup({ delay: null });

describe('a bound money field', () => {
  it('shows £ before the amount, asks for the decimal keypad, and hands the form the text exactly as typed', async () => {
    const onSave = vi.fn();
    const user = setup();
    renderPage(<AmountsForm onSave={onSave} />);
    const gross = screen.getByRole('textbox', { name: /Amount owed/ });
    expect(gross).toHaveAttribute('inputmode', 'decimal');
    expect(gross).toHaveAccessibleDescription('Including VAT');
    expect(screen.getAllByText('£')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Paid so far' })).toHaveValue('0');

    await user.type(gross, '1,234.56');
    expect(gross).toHaveValue('1,234.56');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // The text, not a number: the form's reader makes pence of it, with no floating-point step.
    expect(onSave).toHaveBeenCalledWith({ gross: '1,234.56', paid: '0' });
  });

  it('shows the form’s error for the field, marks it invalid, and drops it once the user types again', async () => {
    const onSave = vi.fn();
    const check = ({ gross }: Amounts) =>
      /^\d+(\.\d{2})?$/.test(gross) ? {} : { gross: 'Enter an amount like 12.50' };
    const user = setup();
    renderPage(<AmountsForm check={check} onSave={onSave} />);
    const gross = screen.getByRole('textbox', { name: /Amount owed/ });
    await user.type(gross, '12,50');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(onSave).not.toHaveBeenCalled();
    expect(gross).toHaveAttribute('aria-invalid', 'true');
    expect(gross).toHaveAccessibleDescription(expect.stringContaining('Enter an amount like 12.50'));
    expect(screen.getByRole('textbox', { name: 'Paid so far' })).not.toHaveAttribute('aria-invalid');

    await user.clear(gross);
    expect(gross).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Enter an amount like 12.50')).toBeNull();
    await user.type(gross, '12.50');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(onSave).toHaveBeenCalledWith({ gross: '12.50', paid: '0' });
  });

  it('hands each change to its own onChange, when given one, in place of the form', async () => {
    const onPaidChange = vi.fn();
    const user = setup();
    renderPage(<AmountsForm onPaidChange={onPaidChange} />);
    const paid = screen.getByRole('textbox', { name: 'Paid so far' });
    await user.type(paid, '5');
    expect(onPaidChange).toHaveBeenLastCalledWith('05');
    // The form was not told, so the field still shows the form's value.
    expect(paid).toHaveValue('0');
  });
});
