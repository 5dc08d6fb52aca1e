import { type ReactNode, type SetStateAction, useCallback, useMemo, useState } from 'react';

/** Each field's error, if it has one. */
export type FieldErrors<Values, Error> = Partial<Record<keyof Values, Error>>;

/** What a bound field needs of its form: the values, a way to change one, and its error in words. */
export interface BoundForm<Values> {
  readonly values: Values;
  set<Field extends keyof Values>(field: Field, value: Values[Field]): void;
  errorOf(field: keyof Values): ReactNode;
}

/**
 * A form's typed values and its fields' errors. The errors are kept as the form finds them (words,
 * or keys such as 'required') and put into words as the fields are drawn, so a change of language
 * shows at once.
 */
export interface FormState<Values, Error = ReactNode> extends BoundForm<Values> {
  readonly errors: FieldErrors<Values, Error>;
  /** Whether any field has an error. */
  readonly hasErrors: boolean;
  /** A field's new value; its error goes, as the user is putting it right. */
  set<Field extends keyof Values>(field: Field, value: Values[Field]): void;
  /** Several fields at once; their errors go. */
  change(patch: Partial<Values>): void;
  setValues(values: SetStateAction<Values>): void;
  setErrors(errors: SetStateAction<FieldErrors<Values, Error>>): void;
  /** New values and no errors (after saving, or to edit another item). */
  reset(values: Values): void;
}

const asWords = (error: unknown): ReactNode => error as ReactNode;

export function useFormState<Values extends object>(initial: Values | (() => Values)): FormState<Values>;
export function useFormState<Values extends object, Error>(
  initial: Values | (() => Values),
  errorText: (error: Error, field: keyof Values) => ReactNode,
): FormState<Values, Error>;
export function useFormState<Values extends object, Error>(
  initial: Values | (() => Values),
  errorText: (error: Error, field: keyof Values) => ReactNode = asWords,
): FormState<Values, Error> {
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FieldErrors<Values, Error>>({});

  const change = useCallback((patch: Partial<Values>) => {
    setValues((current) => ({ ...current, ...patch }));
    setErrors((current) => {
      const next = { ...current };
      for (const field of Object.keys(patch) as (keyof Values)[]) delete next[field];
      return next;
    });
  }, []);
  const set = useCallback(
    <Field extends keyof Values>(field: Field, value: Values[Field]) => {
      const patch: Partial<Values> = {};
      patch[field] = value;
      change(patch);
    },
    [change],
  );
  const reset = useCallback((next: Values) => {
    setValues(next);
    setErrors({});
  }, []);

  return useMemo(
    () => ({
      values,
      errors,
      hasErrors: Object.values(errors).some(Boolean),
      set,
      change,
      setValues,
      setErrors,
      reset,
      errorOf: (field: keyof Values) => {
        const error = errors[field];
        return error === undefined ? undefined : errorText(error, field);
      },
    }),
    [values, errors, set, change, reset, errorText],
  );
}
