import { Alert, Anchor, Button, Checkbox, Group, PinInput, Stack, Text, TextInput } from '@mantine/core';
import { guestUser } from '@vatwise/domain';
import { IconClockHour4 } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { describeError, errorCodeOf, errorStatusOf } from '../../../shared/api/http-errors';
import { safeRedirect } from '../access';
import { authApi } from '../api';
import { PasswordInput } from '../components/PasswordInput';
import { AuthCard } from '../components/AuthCard';
import { EmailInput } from '../components/EmailInput';
import { SocialButtons } from '../components/SocialButtons';
import { storeCurrentUser } from '../session-storage';
import { guestChosen, signedIn } from '../slice';

/** Messages for a social sign-in that came back with an error (docs/reference/product.md §8). */
function socialError(search: URLSearchParams, t: (key: string) => string): string | null {
  const error = search.get('error');
  if (!error) return null;
  if (error === 'account_not_linked') return t('auth.messages.accountExists');
  return search.get('provider') === 'github' ? t('auth.messages.githubFailed') : t('auth.messages.googleFailed');
}

export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const redirectTo = safeRedirect(search.get('redirectTo'));
  const sessionEnded = (location.state as { reason?: string } | null)?.reason === 'session-ended';

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [step, setStep] = useState<'password' | 'totp' | 'backup'>('password');
  const [code, setCode] = useState('');
  const [trustDevice, setTrustDevice] = useState(false);
  const [error, setError] = useState<string | null>(socialError(search, t));

  const [signIn, signInState] = authApi.useSignInMutation();
  const [verifyTotp, totpState] = authApi.useVerifyTotpMutation();
  const [verifyBackup, backupState] = authApi.useVerifyBackupCodeMutation();
  const busy = signInState.isLoading || totpState.isLoading || backupState.isLoading;

  const [loadMe] = authApi.useLazyMeQuery();
  const enterApp = async () => {
    const me = await loadMe();
    // Someone who was looking around as the guest is now themselves.
    dispatch(signedIn());
    if (me.data) navigate(redirectTo, { replace: true });
    else setError(t('auth.messages.noAuthenticatedUser'));
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await signIn({ email: email.trim(), password, rememberMe });
    if ('error' in result) {
      const status = errorStatusOf(result.error);
      const code = errorCodeOf(result.error);
      // A wrong email and a wrong password read the same: 'Login failed'.
      setError(
        status === 401 || code === 'INVALID_EMAIL_OR_PASSWORD'
          ? t('auth.messages.loginFailed')
          : describeError(result.error, t),
      );
      return;
    }
    if (result.data && 'twoFactorRedirect' in result.data && result.data.twoFactorRedirect) {
      setStep('totp');
      return;
    }
    await enterApp();
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result =
      step === 'totp' ? await verifyTotp({ code, trustDevice }) : await verifyBackup({ code: code.trim() });
    if ('error' in result) {
      setError(errorStatusOf(result.error) === 401 ? t('auth.messages.codeInvalid') : describeError(result.error, t));
      return;
    }
    await enterApp();
  };

  const continueAsGuest = () => {
    storeCurrentUser(guestUser);
    dispatch(guestChosen());
    navigate('/app', { replace: true });
  };

  return (
    <AuthCard title={t('auth.title.login')} testId="auth-login" error={error}>
      {sessionEnded && (
        <Alert color="orange" icon={<IconClockHour4 size={18} />}>
          {t('auth.sessionEnded')}
        </Alert>
      )}
      {step === 'password' ? (
        <form onSubmit={submitPassword} noValidate>
          <Stack gap="sm">
            <EmailInput value={email} onChange={setEmail} autoComplete="username" />
            <PasswordInput
              label={t('auth.fields.password')}
              autoComplete="current-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <Group justify="space-between">
              <Checkbox
                label={t('auth.fields.rememberMe')}
                checked={rememberMe}
                onChange={(event) => setRememberMe(event.currentTarget.checked)}
              />
              <Anchor component={Link} to="/user/forgot-password" size="sm">
                {t('auth.actions.forgotPassword')}
              </Anchor>
            </Group>
            <Button type="submit" loading={busy} disabled={!email || !password}>
              {t('auth.actions.signIn')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={submitCode} noValidate>
          <Stack gap="sm">
            <Text>{step === 'totp' ? t('auth.messages.twoFactorIntro') : t('auth.messages.backupIntro')}</Text>
            {step === 'totp' ? (
              <PinInput
                length={6}
                type="number"
                oneTimeCode
                autoFocus
                aria-label={t('auth.fields.code')}
                value={code}
                onChange={setCode}
              />
            ) : (
              <TextInput
                label={t('auth.fields.backupCode')}
                autoFocus
                value={code}
                onChange={(event) => setCode(event.currentTarget.value)}
              />
            )}
            {step === 'totp' && (
              <Checkbox
                label={t('auth.fields.trustDevice')}
                checked={trustDevice}
                onChange={(event) => setTrustDevice(event.currentTarget.checked)}
              />
            )}
            <Button
              type="submit"
              loading={busy}
              disabled={step === 'totp' ? code.length !== 6 : code.trim().length === 0}
            >
              {t('auth.actions.verify')}
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setCode('');
                setStep(step === 'totp' ? 'backup' : 'totp');
              }}
            >
              {step === 'totp' ? t('auth.actions.useBackupCode') : t('auth.actions.useAuthenticator')}
            </Anchor>
          </Stack>
        </form>
      )}
      {step === 'password' && (
        <>
          <SocialButtons redirectTo={redirectTo} />
          <Button variant="light" onClick={continueAsGuest} data-testid="continue-as-guest">
            {t('auth.actions.continueAsGuest')}
          </Button>
          <Text size="sm" ta="center">
            {t('auth.messages.noAccount')}{' '}
            <Anchor
              component={Link}
              underline="always"
              to={`/user/register${search.get('redirectTo') ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`}
            >
              {t('auth.actions.createAccount')}
            </Anchor>
          </Text>
        </>
      )}
    </AuthCard>
  );
}
