import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/i18n';
import { renderPage } from '../../test/render-page';
import { DateField } from './DateField';

function Field({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('a date field', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('shows and reads dates day first (DD/MM/YYYY), whatever the browser’s language', () => {
    const onChange = vi.fn();
    renderPage(<Field initial="2026-11-24" onChange={onChange} />);
    const input = screen.getByLabelText('Date');
    expect(input).toHaveValue('24/11/2026');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');

    fireEvent.change(input, { target: { value: '05/06/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-06-05');
    fireEvent.blur(input);
    expect(input).toHaveValue('05/06/2026');
  });

  it('takes no date from a day the calendar does not have', () => {
    const onChange = vi.fn();
    renderPage(<Field initial="2026-11-24" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Date'), { target: { value: '31/02/2026' } });
    expect(onChange).not.toHaveBeenCalled();
  });

  it('keeps a date typed before its calendar arrives, and the calendar field then shows the same date', async () => {
    const onChange = vi.fn();
    renderPage(<Field initial="" onChange={onChange} />);
    const plain = screen.getByLabelText('Date');
    fireEvent.focus(plain);
    fireEvent.change(plain, { target: { value: '5/6/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-06-05');
    // The calendar waits while the user types: the field is the same element, showing what was typed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByLabelText('Date')).toBe(plain);
    expect(plain).toHaveValue('5/6/2026');
    fireEvent.blur(plain);

    // The calendar's field (Mantine's DateInput) takes its place, on the same date.
    await waitFor(() => expect(screen.getByLabelText('Date')).toHaveAttribute('data-dates-input'));
    expect(screen.getByLabelText('Date')).toHaveValue('05/06/2026');
  });
});
