import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError, errorCodeOf } from '../../../shared/api/http-errors';
import { safeRedirect } from '../access';
import { authApi } from '../api';
import { PasswordInput } from '../components/PasswordInput';
import { AuthCard } from '../components/AuthCard';
import { EmailInput } from '../components/EmailInput';
import { emailError, newPasswordError } from '../components/PasswordFields';
import { SocialButtons } from '../components/SocialButtons';
import { signedIn } from '../slice';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [search] = useSearchParams();
  const redirectTo = safeRedirect(search.get('redirectTo'));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The address a link was mailed to, when the server asks for the address to be proved first. */
  const [mailedTo, setMailedTo] = useState<string | null>(null);
  const [signUp, { isLoading }] = authApi.useSignUpMutation();
  const [loadMe] = authApi.useLazyMeQuery();

  const problems = {
    name: name.trim() ? null : t('auth.messages.nameRequired'),
    email: emailError(email, t),
    password: newPasswordError(password, t),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setError(null);
    if (problems.name || problems.email || problems.password) return;
    const result = await signUp({ name: name.trim(), email: email.trim(), password, callbackURL: redirectTo });
    if ('error' in result) {
      const code = errorCodeOf(result.error);
      setError(code ? describeError(result.error, t) : t('auth.messages.registrationFailed'));
      return;
    }
    if (result.data.token === null) {
      // The same answer whether or not the address has an account: the mail says which.
      setMailedTo(email.trim());
      return;
    }
    const me = await loadMe();
    // Someone who was looking around as the guest is now themselves.
    dispatch(signedIn());
    if (me.data) navigate(redirectTo, { replace: true });
    else setError(t('auth.messages.registrationFailed'));
  };

  return (
    <AuthCard title={t('auth.title.register')} testId="auth-register" error={error}>
      {mailedTo ? (
        <Alert color="green" icon={<IconMailCheck size={18} />} role="status" data-testid="register-check-email">
          {t('auth.messages.checkEmail', { email: mailedTo })}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('auth.fields.name')}
              autoComplete="name"
              required
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={touched && problems.name}
            />
            <EmailInput value={email} onChange={setEmail} error={touched && problems.email} />
            <PasswordInput
              label={t('auth.fields.password')}
              description={t('auth.messages.passwordRule')}
              autoComplete="new-password"
              required
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              error={touched && problems.password}
            />
            <Button type="submit" loading={isLoading}>
              {t('auth.actions.register')}
            </Button>
          </Stack>
        </form>
      )}
      <SocialButtons redirectTo={redirectTo} />
      <Text size="sm" ta="center">
        {t('auth.messages.haveAccount')}{' '}
        <Anchor component={Link} to="/user/login" underline="always">
          {t('auth.actions.signIn')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
