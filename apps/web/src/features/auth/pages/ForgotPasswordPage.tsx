import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { authApi } from '../api';
import { AuthCard } from '../components/AuthCard';
import { EmailInput } from '../components/EmailInput';
import { emailError } from '../components/PasswordFields';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [requestReset, { isLoading }] = authApi.useRequestPasswordResetMutation();
  const problem = emailError(email, t);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (problem) return;
    const result = await requestReset({ email: email.trim() });
    if ('error' in result) setError(describeError(result.error, t));
    else setSent(true);
  };

  return (
    <AuthCard title={t('auth.title.forgotPassword')} testId="auth-forgotPassword" error={error} backToSignIn>
      {sent ? (
        // The same answer whether or not the address has an account: nobody learns who uses VAT Wise.
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status" data-testid="reset-sent">
          {t('auth.messages.resetSent')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('auth.messages.forgotIntro')}</Text>
            <EmailInput value={email} onChange={setEmail} error={touched && problem} />
            <Button type="submit" loading={isLoading}>
              {t('auth.actions.sendLink')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
