import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useFormState } from './use-form-state';

interface Invoice {
  reference: string;
  gross: string;
  paid: string;
}
const blank: Invoice = { reference: '', gross: '', paid: '0' };

describe('a form’s state', () => {
  it('starts from its values with no errors, and takes a new value for one field', () => {
    const { result } = renderHook(() => useFormState(blank));
    expect(result.current.values).toEqual(blank);
    expect(result.current.hasErrors).toBe(false);
    expect(result.current.errorOf('gross')).toBeUndefined();

    act(() => result.current.set('gross', '120.00'));
    expect(result.current.values).toEqual({ reference: '', gross: '120.00', paid: '0' });
  });

  it('clears only the error of the field the user is putting right', () => {
    const { result } = renderHook(() => useFormState(blank));
    act(() => result.current.setErrors({ reference: 'Give the invoice’s reference', gross: 'Enter an amount' }));
    expect(result.current.hasErrors).toBe(true);
    expect(result.current.errorOf('gross')).toBe('Enter an amount');

    act(() => result.current.set('gross', '12'));
    expect(result.current.errorOf('gross')).toBeUndefined();
    expect(result.current.errorOf('reference')).toBe('Give the invoice’s reference');
    expect(result.current.hasErrors).toBe(true);

    act(() => result.current.set('reference', 'INV-7'));
    expect(result.current.hasErrors).toBe(false);
  });

  it('changes several fields at once and clears their errors, leaving the others’', () => {
    const { result } = renderHook(() => useFormState(blank));
    act(() => result.current.setErrors({ gross: 'Enter an amount', paid: 'Enter an amount', reference: 'Needed' }));
    act(() => result.current.change({ gross: '100', paid: '20' }));
    expect(result.current.values).toEqual({ reference: '', gross: '100', paid: '20' });
    expect(result.current.errors).toEqual({ reference: 'Needed' });
  });

  it('starts again from new values with no errors on reset', () => {
    const { result } = renderHook(() => useFormState(blank));
    act(() => {
      result.current.set('reference', 'INV-7');
      result.current.setErrors({ gross: 'Enter an amount' });
    });
    act(() => result.current.reset({ reference: 'INV-8', gross: '50', paid: '0' }));
    expect(result.current.values).toEqual({ reference: 'INV-8', gross: '50', paid: '0' });
    expect(result.current.hasErrors).toBe(false);
    expect(result.current.errorOf('gross')).toBeUndefined();
  });

  it('keeps errors as found and puts them into words when asked, so a change of language shows at once', () => {
    const words: Record<string, Record<string, string>> = {
      en: { amountInvalid: 'Enter an amount in pounds' },
      es: { amountInvalid: 'Introduzca un importe en libras' },
    };
    const { result, rerender } = renderHook(
      ({ language }) =>
        useFormState<Invoice, string>(blank, (key, field) => `${field}: ${words[language]?.[key] ?? key}`),
      { initialProps: { language: 'en' } },
    );
    act(() => result.current.setErrors({ gross: 'amountInvalid' }));
    expect(result.current.errors).toEqual({ gross: 'amountInvalid' });
    expect(result.current.errorOf('gross')).toBe('gross: Enter an amount in pounds');

    rerender({ language: 'es' });
    expect(result.current.errorOf('gross')).toBe('gross: Introduzca un importe en libras');
    expect(result.current.errorOf('paid')).toBeUndefined();
  });

  it('reads its first values from a function once, not on every render', () => {
    let made = 0;
    const { result, rerender } = renderHook(() =>
      useFormState(() => {
        made += 1;
        return blank;
      }),
    );
    act(() => result.current.set('paid', '5'));
    rerender();
    expect(made).toBe(1);
    expect(result.current.values.paid).toBe('5');
  });
});
