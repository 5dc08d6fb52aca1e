import { fireEvent, screen } from '@testing-library/react';
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
});
