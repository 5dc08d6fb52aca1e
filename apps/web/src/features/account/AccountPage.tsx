import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  PinInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Role, roleName } from '@vatwise/domain';
import { IconShieldCheck, IconShieldExclamation } from '@tabler/icons-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ReminderCard } from './ReminderCard';
import { NotificationPreferencesCard } from '../notifications';
import { describeError } from '../../shared/api/http-errors';
import { notify } from '../../shared/toasts/notifier';
import { TWO_FACTOR_SECTION_ID } from '../../shared/ui/TwoFactorLink';
import { usePageTitle } from '../../shared/ui/use-page-title';
import { authApi, PasswordInput, useAuth } from '../auth';

type Setup =
  | { step: 'idle' }
  | { step: 'scan'; totpURI: string; backupCodes: string[]; qr: string | null }
  | { step: 'codes'; backupCodes: string[] };

function secretOf(totpURI: string): string {
  return (new URL(totpURI).searchParams.get('secret') ?? '').replace(/(.{4})/g, '$1 ').trim();
}

/** The signed-in user's own account: who they are, and two-factor sign-in. */
export default function AccountPage() {
  const { t } = useTranslation();
  usePageTitle(t('account.title'));
  const user = useAuth().user;
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup>({ step: 'idle' });
  const [error, setError] = useState<string | null>(null);
  const [enable, enabling] = authApi.useEnableTwoFactorMutation();
  const [disable, disabling] = authApi.useDisableTwoFactorMutation();
  const [verify, verifying] = authApi.useVerifyTotpMutation();
  const [loadMe] = authApi.useLazyMeQuery();
  const location = useLocation();
  const twoFactorSection = useRef<HTMLElement>(null);
  const hasUser = user !== null;

  // Links that ask for two-factor sign-in (TwoFactorLink) land on its section; the router does not
  // scroll to a #fragment itself. Focus moves there too, so a keyboard or screen reader user is there.
  useEffect(() => {
    if (!hasUser || location.hash !== `#${TWO_FACTOR_SECTION_ID}`) return;
    const section = twoFactorSection.current;
    section?.scrollIntoView?.({ block: 'start' });
    section?.focus({ preventScroll: true });
  }, [hasUser, location.hash, location.key]);

  // The QR code library loads only here, when someone sets up an authenticator.
  useEffect(() => {
    if (setup.step !== 'scan' || setup.qr) return;
    let cancelled = false;
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(setup.totpURI, { margin: 1, width: 200 }).then((qr) => {
        if (!cancelled) setSetup({ ...setup, qr });
      }),
    );
    return () => {
      cancelled = true;
    };
  }, [setup]);

  if (!user) return null;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await enable({ password });
    if ('error' in result) return setError(describeError(result.error, t));
    setPassword('');
    setSetup({ step: 'scan', totpURI: result.data.totpURI, backupCodes: result.data.backupCodes, qr: null });
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (setup.step !== 'scan') return;
    setError(null);
    const result = await verify({ code, trustDevice: false });
    if ('error' in result) return setError(t('auth.messages.codeInvalid'));
    setCode('');
    setSetup({ step: 'codes', backupCodes: setup.backupCodes });
    await loadMe();
    notify({ type: 'success', message: t('account.twoFactorOn') });
  };

  const turnOff = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await disable({ password });
    if ('error' in result) return setError(describeError(result.error, t));
    setPassword('');
    await loadMe();
    notify({ type: 'info', message: t('account.twoFactorOff') });
  };

  return (
    <Stack gap="lg" maw={720} data-testid="account">
      <Title order={1}>{t('account.title')}</Title>
      <Card withBorder>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <Text c="dimmed">{t('auth.fields.name')}</Text>
          <Text>{user.name || '—'}</Text>
          <Text c="dimmed">{t('auth.fields.email')}</Text>
          <Text>{user.email}</Text>
          <Text c="dimmed">{t('users.columns.role')}</Text>
          <Text>{t(`roles.${roleName(user.role)}`)}</Text>
          <Text c="dimmed">{t('users.columns.provider')}</Text>
          <Text>{t(`users.providers.${user.provider}`)}</Text>
        </SimpleGrid>
      </Card>
      <Card
        withBorder
        component="section"
        id={TWO_FACTOR_SECTION_ID}
        ref={twoFactorSection}
        tabIndex={-1}
        aria-labelledby="two-factor-title"
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h3" id="two-factor-title">
              {t('account.twoFactorTitle')}
            </Title>
            <Badge color={user.twoFactorEnabled ? 'green' : 'gray'} data-testid="two-factor-status">
              {user.twoFactorEnabled ? t('account.on') : t('account.off')}
            </Badge>
          </Group>
          <Text size="sm">{t('account.twoFactorWhy')}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          {setup.step === 'scan' && (
            <form onSubmit={confirm}>
              <Stack gap="sm">
                <Text size="sm">{t('account.scan')}</Text>
                {setup.qr && <img src={setup.qr} width={200} height={200} alt={t('account.qrAlt')} />}
                <Text size="sm">
                  {t('account.manualKey')} <Code data-testid="totp-secret">{secretOf(setup.totpURI)}</Code>
                </Text>
                <PinInput
                  length={6}
                  type="number"
                  oneTimeCode
                  aria-label={t('auth.fields.code')}
                  value={code}
                  onChange={setCode}
                />
                <Button type="submit" loading={verifying.isLoading} disabled={code.length !== 6} w="fit-content">
                  {t('account.confirm')}
                </Button>
              </Stack>
            </form>
          )}
          {setup.step === 'codes' && (
            <Alert color="green" icon={<IconShieldCheck size={18} />}>
              <Stack gap="xs">
                <Text size="sm">{t('account.backupCodes')}</Text>
                <Code block data-testid="backup-codes">
                  {setup.backupCodes.join('\n')}
                </Code>
                <CopyButton value={setup.backupCodes.join('\n')}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="light" onClick={copy} w="fit-content">
                      {copied ? t('account.copied') : t('account.copy')}
                    </Button>
                  )}
                </CopyButton>
              </Stack>
            </Alert>
          )}
          {setup.step === 'idle' && (
            <form onSubmit={user.twoFactorEnabled ? turnOff : start}>
              <Group align="flex-end">
                <PasswordInput
                  label={t('account.confirmPassword')}
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => setPassword(event.currentTarget.value)}
                  w={260}
                />
                <Button
                  type="submit"
                  color={user.twoFactorEnabled ? 'red' : undefined}
                  leftSection={
                    user.twoFactorEnabled ? <IconShieldExclamation size={16} /> : <IconShieldCheck size={16} />
                  }
                  loading={enabling.isLoading || disabling.isLoading}
                  disabled={!password}
                >
                  {user.twoFactorEnabled ? t('account.turnOff') : t('account.turnOn')}
                </Button>
              </Group>
            </form>
          )}
        </Stack>
      </Card>
      {user.role !== Role.Guest && <ReminderCard />}
      {user.role !== Role.Guest && <NotificationPreferencesCard />}
    </Stack>
  );
}
