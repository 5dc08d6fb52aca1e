import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { describeError, errorCodeOf } from '../../../shared/api/http-errors';
import { authApi } from '../api';
import { PasswordInput } from '../components/PasswordInput';
import { AuthCard } from '../components/AuthCard';
import { newPasswordError } from '../components/PasswordFields';

export default function ResetPasswordPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const token = search.get('token');
  // The emailed link lands here with ?error=INVALID_TOKEN when it is expired or used.
  const linkBroken = !token || search.get('error') !== null;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [touched, setTouched] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetPassword, { isLoading }] = authApi.useResetPasswordMutation();

  const passwordProblem = newPasswordError(password, t);
  const confirmProblem = confirm === password ? null : t('auth.messages.passwordsDiffer');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (passwordProblem || confirmProblem || !token) return;
    const result = await resetPassword({ token, newPassword: password });
    if ('error' in result) {
      setError(
        errorCodeOf(result.error) === 'INVALID_TOKEN'
          ? t('auth.messages.resetInvalid')
          : describeError(result.error, t),
      );
      return;
    }
    setDone(true);
  };

  return (
    <AuthCard title={t('auth.title.resetPassword')} testId="auth-resetPassword" error={error} backToSignIn>
      {done ? (
        <Alert color="green" icon={<IconCircleCheck size={18} />} role="status" data-testid="reset-done">
          {t('auth.messages.resetDone')}
        </Alert>
      ) : linkBroken ? (
        <Alert color="orange" icon={<IconAlertCircle size={18} />} role="alert">
          {t('auth.messages.resetInvalid')}{' '}
          <Anchor component={Link} to="/user/forgot-password" underline="always">
            {t('auth.actions.askAgain')}
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('auth.fields.newPassword')}
              description={t('auth.messages.passwordRule')}
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={touched && passwordProblem}
            />
            <PasswordInput
              label={t('auth.fields.confirmPassword')}
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(event) => setConfirm(event.currentTarget.value)}
              error={touched && confirmProblem}
            />
            <Button type="submit" loading={isLoading}>
              {t('auth.actions.resetPassword')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
