import type { ReactNode } from 'react';
import type { BoundForm } from './use-form-state';

/** The names of the form's fields that hold a Value (a text field binds only to a string). */
export type FieldsHolding<Values, Value> = {
  [Field in keyof Values]-?: Values[Field] extends Value ? Field : never;
}[keyof Values];

/** What every bound field takes: its form and the field's name, and two ways to step aside from them. */
export interface BoundFieldProps<Values, Field extends keyof Values, Value> {
  form: BoundForm<Values>;
  name: Field;
  /** In place of the form's set, for a field whose change moves others too. */
  onChange?: (value: Value) => void;
  /** In place of the form's error for the field. */
  error?: ReactNode;
}

/** The field's value, as the Value its name was checked to hold. */
export function valueOf<Values, Value>(form: BoundForm<Values>, name: keyof Values): Value {
  return form.values[name] as unknown as Value;
}

/** Hands a new value to onChange when given, to the form otherwise. */
export function changeOf<Values, Field extends keyof Values, Value>({
  form,
  name,
  onChange,
}: Pick<BoundFieldProps<Values, Field, Value>, 'form' | 'name' | 'onChange'>): (value: Value) => void {
  return (value) => (onChange ? onChange(value) : form.set(name, value as unknown as Values[Field]));
}
