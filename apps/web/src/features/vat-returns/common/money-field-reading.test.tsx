import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoneyField, useFormState } from '../../../shared/ui/form';
import { renderPage } from '../../../test/render-page';
import { parsePounds } from './money-input';

/** One amount bound to a form and read as the vat-returns panels read theirs: parsePounds on submit. */
function AmountForm({ onSave }: { onSave: (pence: number) => void }) {
  const form = useFormState<{ amount: string }>({ amount: '' });
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const pence = parsePounds(form.values.amount);
        if (pence === null) form.setErrors({ amount: 'Enter an amount in pounds and pence, such as 12.50' });
        else onSave(pence);
      }}
    >
      <MoneyField form={form} name="amount" label="Amount" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('an amount typed into a bound money field', () => {
  it('becomes exact pence, with or without thousands commas and the £ sign', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage(<AmountForm onSave={onSave} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' });

    await user.type(amount, '1,234.56');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith(123_456);

    await user.clear(amount);
    await user.type(amount, '£0.07');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith(7);
  });

  it('that is not plainly pounds and pence is refused with its error on the field, and nothing is saved', async () => {
    const onSave = vi.fn();
    const user = userEvent.setup({ delay: null });
    renderPage(<AmountForm onSave={onSave} />);
    const amount = screen.getByRole('textbox', { name: 'Amount' });

    // A Spanish-style decimal comma is not read as £1,250.
    await user.type(amount, '12,50');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Enter an amount in pounds and pence, such as 12.50');
  });
});
