import { MIN_PASSWORD_LENGTH, passwordProblem } from '@vatwise/domain';
import type { TFunction } from 'i18next';

/** The same rule the server applies (packages/domain), shown before the form is sent. */
export function newPasswordError(password: string, t: TFunction): string | null {
  switch (passwordProblem(password)) {
    case 'TOO_SHORT':
      return t('auth.messages.passwordTooShort', { count: MIN_PASSWORD_LENGTH });
    case 'TOO_LONG':
      return t('auth.errors.PASSWORD_TOO_LONG');
    case 'TOO_COMMON':
      return t('errors.PASSWORD_TOO_COMMON');
    default:
      return null;
  }
}

export function emailError(email: string, t: TFunction): string | null {
  return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim()) ? null : t('auth.messages.emailInvalid');
}
