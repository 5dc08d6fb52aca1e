import { DateField } from '../DateField';
import type { DateFieldProps } from '../date-field-props';
import { type BoundFieldProps, type FieldsHolding, changeOf, valueOf } from './bound-field';

export type DateInputFieldProps<Values, Field extends FieldsHolding<Values, string>> = BoundFieldProps<
  Values,
  Field,
  string
> &
  Omit<DateFieldProps, 'value' | 'onChange' | 'error'>;

/** A DateField bound to a form's field, which holds 'YYYY-MM-DD' or '' for none. */
export function DateInputField<Values, Field extends FieldsHolding<Values, string>>({
  form,
  name,
  onChange,
  error,
  ...props
}: DateInputFieldProps<Values, Field>) {
  return (
    <DateField
      {...props}
      value={valueOf<Values, string>(form, name)}
      onChange={changeOf({ form, name, onChange })}
      error={error ?? form.errorOf(name)}
    />
  );
}
