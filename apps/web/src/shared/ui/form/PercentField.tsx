import { TextInput, type TextInputProps } from '@mantine/core';
import { type BoundFieldProps, type FieldsHolding, changeOf, valueOf } from './bound-field';

export type PercentFieldProps<Values, Field extends FieldsHolding<Values, string>> = BoundFieldProps<
  Values,
  Field,
  string
> &
  Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'form' | 'name' | 'rightSection' | 'inputMode'>;

/** A percentage bound to a form's field, kept as typed: the % sign after it, the decimal keypad on a phone. */
export function PercentField<Values, Field extends FieldsHolding<Values, string>>({
  form,
  name,
  onChange,
  error,
  ...props
}: PercentFieldProps<Values, Field>) {
  const change = changeOf({ form, name, onChange });
  return (
    <TextInput
      {...props}
      rightSection="%"
      inputMode="decimal"
      value={valueOf<Values, string>(form, name)}
      onChange={(event) => change(event.currentTarget.value)}
      error={error ?? form.errorOf(name)}
    />
  );
}
