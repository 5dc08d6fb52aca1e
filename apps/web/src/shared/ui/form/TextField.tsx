import { TextInput, type TextInputProps } from '@mantine/core';
import { type BoundFieldProps, type FieldsHolding, changeOf, valueOf } from './bound-field';

export type TextFieldProps<Values, Field extends FieldsHolding<Values, string>> = BoundFieldProps<
  Values,
  Field,
  string
> &
  Omit<TextInputProps, 'value' | 'onChange' | 'error' | 'form' | 'name'>;

/** A line of text bound to a form's field. */
export function TextField<Values, Field extends FieldsHolding<Values, string>>({
  form,
  name,
  onChange,
  error,
  ...props
}: TextFieldProps<Values, Field>) {
  const change = changeOf({ form, name, onChange });
  return (
    <TextInput
      {...props}
      value={valueOf<Values, string>(form, name)}
      onChange={(event) => change(event.currentTarget.value)}
      error={error ?? form.errorOf(name)}
    />
  );
}
