import { Textarea, type TextareaProps } from '@mantine/core';
import { type BoundFieldProps, type FieldsHolding, changeOf, valueOf } from './bound-field';

export type TextAreaFieldProps<Values, Field extends FieldsHolding<Values, string>> = BoundFieldProps<
  Values,
  Field,
  string
> &
  Omit<TextareaProps, 'value' | 'onChange' | 'error' | 'form' | 'name'>;

/** Text of several lines bound to a form's field. */
export function TextAreaField<Values, Field extends FieldsHolding<Values, string>>({
  form,
  name,
  onChange,
  error,
  ...props
}: TextAreaFieldProps<Values, Field>) {
  const change = changeOf({ form, name, onChange });
  return (
    <Textarea
      {...props}
      value={valueOf<Values, string>(form, name)}
      onChange={(event) => change(event.currentTarget.value)}
      error={error ?? form.errorOf(name)}
    />
  );
}
