export { type BoundForm, type FieldErrors, type FormState, useFormState } from './use-form-state';
export { type FieldsHolding } from './bound-field';
export { TextField } from './TextField';
export { TextAreaField } from './TextAreaField';
export { MoneyField, MoneyInput } from './MoneyField';
export { PercentField } from './PercentField';
export { DateInputField } from './DateInputField';
export { type SelectOption, SelectField } from './SelectField';
