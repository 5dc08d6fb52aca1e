import { TextInput, type TextInputProps } from '@mantine/core';

export type MoneyFieldProps = Omit<TextInputProps, 'onChange' | 'leftSection' | 'inputMode'> & {
  /** The text as typed; money-input.ts's parsePounds reads it. */
  onChange: (text: string) => void;
};

/** An amount typed in pounds and pence: the £ sign before it, the decimal keypad on a phone. */
export function MoneyField({ onChange, ...props }: MoneyFieldProps) {
  return (
    <TextInput
      {...props}
      leftSection="£"
      inputMode="decimal"
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
