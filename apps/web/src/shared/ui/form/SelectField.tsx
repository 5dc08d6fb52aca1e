import { NativeSelect, type NativeSelectProps } from '@mantine/core';
import { type BoundFieldProps, type FieldsHolding, changeOf, valueOf } from './bound-field';

/** One choice of a SelectField: a value the field may hold, and its words. */
export interface SelectOption<Value extends string> {
  value: Value;
  label: string;
  disabled?: boolean;
}

export type SelectFieldProps<Values, Field extends FieldsHolding<Values, string>> = BoundFieldProps<
  Values,
  Field,
  Values[Field]
> &
  Omit<NativeSelectProps, 'value' | 'onChange' | 'error' | 'form' | 'name' | 'data'> & {
    options: readonly SelectOption<Values[Field] & string>[];
  };

/**
 * The browser's own drop-down bound to a form's field: the field takes only one of the options'
 * values, typed as the field is (a rate, a cause, a box).
 */
export function SelectField<Values, Field extends FieldsHolding<Values, string>>({
  form,
  name,
  onChange,
  error,
  options,
  ...props
}: SelectFieldProps<Values, Field>) {
  const change = changeOf({ form, name, onChange });
  return (
    <NativeSelect
      {...props}
      data={options.map((option) => ({ ...option }))}
      value={valueOf<Values, string>(form, name)}
      onChange={(event) => {
        const chosen = options.find((option) => option.value === event.currentTarget.value);
        if (chosen) change(chosen.value);
      }}
      error={error ?? form.errorOf(name)}
    />
  );
}
