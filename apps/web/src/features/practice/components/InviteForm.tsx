import { Alert, Button, Group, List, NativeSelect, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/toasts/notifier';
import { type AssignableRole, practiceApi } from '../api';
import { asQueryError, describePracticeError } from '../workspace';

/** The roles an invitation may give, least to most: each explained as "also" the one before. */
export const rolesToGive: readonly AssignableRole[] = ['preparer', 'reviewer', 'admin'];

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);

/** An owner's or admin's invitation by e-mail: better-auth mails the link to /app/practice. */
export function InviteForm() {
  const { t } = useTranslation(['common', 'practice']);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('preparer');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [invite, inviting] = practiceApi.useInviteMemberMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    const problem = !address
      ? t('practice:invite.emailRequired')
      : looksLikeEmail(address)
        ? null
        : t('practice:invite.emailInvalid');
    setEmailError(problem);
    setFailure(null);
    if (problem) return;
    try {
      await invite({ email: address, role }).unwrap();
      notify({ type: 'success', message: t('practice:invite.sent', { email: address }) });
      setEmail('');
    } catch (caught) {
      setFailure(describePracticeError(asQueryError(caught), t));
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-labelledby="invite-title" data-testid="invite-form">
      <Stack gap="sm">
        <Title order={3} size="h5" id="invite-title">
          {t('practice:invite.title')}
        </Title>
        <Group align="flex-start" wrap="wrap" gap="sm">
          <TextInput
            label={t('practice:invite.email')}
            type="email"
            autoComplete="off"
            required
            value={email}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
            error={emailError}
            style={{ flex: '1 1 16rem' }}
          />
          <NativeSelect
            label={t('practice:invite.role')}
            value={role}
            onChange={(event) => setRole(event.currentTarget.value as AssignableRole)}
            data={rolesToGive.map((value) => ({ value, label: t(`practiceRoles.${value}`) }))}
            style={{ flex: '0 1 12rem' }}
          />
        </Group>
        <List size="sm" spacing={2} data-testid="role-help">
          {rolesToGive.map((value) => (
            <List.Item key={value}>{t(`practice:roleHelp.${value}`)}</List.Item>
          ))}
        </List>
        {failure && (
          <Alert color="red" role="alert" title={t('practice:invite.failed')}>
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={inviting.isLoading}>
            {t('practice:invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
