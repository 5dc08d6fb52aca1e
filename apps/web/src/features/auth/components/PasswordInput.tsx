import { PasswordInput as MantinePasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Mantine's password field with its show/hide button named in the user's language. */
export function PasswordInput(props: PasswordInputProps) {
  const { t } = useTranslation();
  return (
    <MantinePasswordInput {...props} visibilityToggleButtonProps={{ 'aria-label': t('auth.actions.showPassword') }} />
  );
}
