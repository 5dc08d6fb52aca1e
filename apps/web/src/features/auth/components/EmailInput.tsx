import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface EmailInputProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null | false;
  /** 'username' where it signs in, 'email' where it names an address. */
  autoComplete?: 'username' | 'email';
}

export function EmailInput({ value, onChange, error, autoComplete = 'email' }: EmailInputProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('auth.fields.email')}
      type="email"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
