import { TextInput, type TextInputProps } from '@mantine/core';
import { type BoundFieldProps, type FieldsHolding, changeOf, valueOf } from './bound-field';

export type MoneyInputProps = Omit<TextInputProps, 'onChange' | 'leftSection' | 'inputMode'> & {
  /** The text as typed, which the form reads as pounds and pence. */
  onChange: (text: string) => void;
};

/** An amount typed in pounds and pence: the £ sign before it, the decimal keypad on a phone. */
export function MoneyInput({ onChange, ...props }: MoneyInputProps) {
  return (
    <TextInput
      {...props}
      leftSection="£"
      inputMode="decimal"
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}

export type MoneyFieldProps<Values, Field extends FieldsHolding<Values, string>> = BoundFieldProps<
  Values,
  Field,
  string
> &
  Omit<MoneyInputProps, 'value' | 'onChange' | 'error' | 'form' | 'name'>;

/** A MoneyInput bound to a form's field, which keeps the text as typed. */
export function MoneyField<Values, Field extends FieldsHolding<Values, string>>({
  form,
  name,
  onChange,
  error,
  ...props
}: MoneyFieldProps<Values, Field>) {
  return (
    <MoneyInput
      {...props}
      value={valueOf<Values, string>(form, name)}
      onChange={changeOf({ form, name, onChange })}
      error={error ?? form.errorOf(name)}
    />
  );
}
