import type { ReactNode } from 'react';

/**
 * What DateField takes, and DatePickerField, the calendar it loads later (here, so that neither
 * imports the other for it).
 */
export interface DateFieldProps {
  label: ReactNode;
  description?: ReactNode;
  /** 'YYYY-MM-DD', or '' for none. */
  value: string;
  /** 'YYYY-MM-DD', or '' once the field is emptied. */
  onChange: (value: string) => void;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Earliest and latest 'YYYY-MM-DD' the calendar offers (a typed date outside is left to the form to explain). */
  minDate?: string;
  maxDate?: string;
  w?: number | string;
  'aria-describedby'?: string;
}
