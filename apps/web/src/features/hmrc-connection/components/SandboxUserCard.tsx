import {
  ActionIcon,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { SandboxUser } from '@vatwise/domain';
import { IconCheck, IconCopy, IconEye, IconEyeOff, IconKey, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDateTime } from '../../../shared/format/format';
import { agentDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { useCan } from '../../practice';
import { hmrcApi } from '../api';
import { storeAuthorizationDetails } from '../authorization-details';
import { useAuthorisePopup } from '../use-authorise-popup';
import { formatVrn } from '../../../shared/format/vrn';
import { useAuth } from '../../auth';
import { AuthorisationStatus } from './AuthorisationStatus';
import { ClientInPracticeNote } from './ClientInPracticeNote';
import { Ltr } from '../../../shared/ui/Ltr';

/** A labelled value with a copy button, for credentials the user types on HMRC's sign-in page. */
export function CopyField({
  label,
  value,
  display = value,
  testId,
}: {
  label: string;
  value: string;
  display?: string;
  testId: string;
}) {
  const { t } = useTranslation('hmrc');
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text size="sm" ff="monospace" data-testid={testId}>
          <Ltr>{display}</Ltr>
        </Text>
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('users.copied') : t('users.copy', { what: label })} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('users.copy', { what: label })}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </div>
  );
}

/**
 * One sandbox test user: its sign-in details to copy, its authority, and what can be done with it —
 * authorise in HMRC's window, refresh the token now, or delete (after confirming).
 */
export function SandboxUserCard({ user, actions = 'all' }: { user: SandboxUser; actions?: 'all' | 'authorise' }) {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const [showPassword, setShowPassword] = useState(false);
  const [confirming, { open: confirmDelete, close: cancelDelete }] = useDisclosure(false);
  const [authorising, setAuthorising] = useState(false);
  const authorise = useAuthorisePopup();
  const [refresh, refreshing] = hmrcApi.useRefreshTokenMutation();
  const [remove, removing] = hmrcApi.useDeleteSandboxUserMutation();
  const name = user.organisationName ?? user.userFullName;
  // In a practice a client's authority comes through the practice's request, not this button.
  const clientInPractice = Boolean(useAuth().user?.practice) && user.userType !== 'Agent';
  // The same table as the server's: an agent services account is the owners' and admins' to authorise.
  const mayAuthorise = useCan(user.agentServicesAccountNumber ? 'connectAgentAccount' : 'connectBusiness');
  const mayDelete = useCan('deleteSandboxUser');

  const startAuthorising = async () => {
    // The product reference's checks before HMRC's page is opened (docs/reference/product.md §5).
    if (!user.userId && !user.password) {
      notify({ type: 'error', title: t('hmrc:authorise.failed'), message: t('hmrc:users.incomplete') });
      return;
    }
    if (!user.userId || !user.password) {
      notify({ type: 'error', title: t('hmrc:authorise.failed'), message: t('hmrc:users.missingCredentials') });
      return;
    }
    setAuthorising(true);
    agentDialogueLog.append('info', t('hmrc:dialogue.steps.openingPopup', { userId: user.userId }));
    const outcome = await authorise(user.userId);
    setAuthorising(false);
    if (!outcome.ok) {
      agentDialogueLog.append(
        'error',
        t('hmrc:dialogue.steps.authoriseFailed', { userId: user.userId, message: outcome.message }),
      );
      notify({ type: 'error', title: t('hmrc:authorise.failed'), message: outcome.message });
      return;
    }
    storeAuthorizationDetails({
      userId: user.userId,
      userType: user.userType,
      vrn: outcome.result.vrn,
      authorisedAt: outcome.result.authorisation.authorisedAt,
      expiresAt: outcome.result.authorisation.expiresAt,
    });
    agentDialogueLog.append('success', t('hmrc:dialogue.steps.granted', { userId: user.userId }));
    notify({ type: 'success', title: t('hmrc:authorise.granted'), message: name });
  };

  const refreshNow = async () => {
    const result = await refresh({ userId: user.userId });
    if ('error' in result) {
      const message = describeError(result.error, t);
      agentDialogueLog.append('error', t('hmrc:dialogue.steps.refreshFailed', { userId: user.userId, message }));
      notify({ type: 'error', title: t('errors.REFRESH_FAILED'), message });
      return;
    }
    agentDialogueLog.append('success', t('hmrc:dialogue.steps.refreshed', { userId: user.userId }));
    notify({ type: 'success', title: t('hmrc:users.refreshed'), message: name });
  };

  const deleteNow = async () => {
    const result = await remove({ userId: user.userId });
    cancelDelete();
    if ('error' in result) {
      notify({ type: 'error', title: t('hmrc:users.delete'), message: describeError(result.error, t) });
      return;
    }
    agentDialogueLog.append('info', t('hmrc:dialogue.steps.deleted', { userId: user.userId }));
    notify({ type: 'success', title: t('hmrc:users.deleted'), message: name });
  };

  return (
    <Card withBorder padding="lg" data-testid={`sandbox-user-${user.userId}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={3} size="h4">
              {name}
            </Title>
            <Text size="xs" c="dimmed">
              {t('hmrc:users.created')} {formatDateTime(user.createdAt, i18n.language)}
            </Text>
          </div>
          <Badge variant="outline">{t(`hmrc:create.types.${user.userType}`)}</Badge>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <CopyField label={t('hmrc:users.userId')} value={user.userId} testId="sandbox-user-id" />
          <div>
            <CopyField
              label={t('hmrc:users.password')}
              value={user.password}
              display={showPassword ? user.password : '••••••••••••'}
              testId="sandbox-user-password"
            />
            <Button
              variant="subtle"
              size="compact-xs"
              leftSection={showPassword ? <IconEyeOff size={14} /> : <IconEye size={14} />}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              {showPassword ? t('hmrc:users.hidePassword') : t('hmrc:users.showPassword')}
            </Button>
          </div>
          {user.vrn && (
            <CopyField
              label={t('hmrc:users.vrn')}
              value={user.vrn}
              display={formatVrn(user.vrn, i18n.language)}
              testId="sandbox-user-vrn"
            />
          )}
          {user.agentServicesAccountNumber && (
            <CopyField label={t('hmrc:users.arn')} value={user.agentServicesAccountNumber} testId="sandbox-user-arn" />
          )}
          <CopyField label={t('hmrc:users.email')} value={user.emailAddress} testId="sandbox-user-email" />
        </SimpleGrid>

        <AuthorisationStatus authorisation={user.authorisation} />
        {clientInPractice && <ClientInPracticeNote />}

        <Group gap="sm">
          {mayAuthorise && (
            <Button
              variant={clientInPractice ? 'default' : 'filled'}
              leftSection={<IconKey size={16} />}
              onClick={startAuthorising}
              loading={authorising}
            >
              {clientInPractice
                ? t('hmrc:users.connectDirectly')
                : user.authorisation
                  ? t('hmrc:users.reauthorise')
                  : t('hmrc:users.authorise')}
            </Button>
          )}
          {actions === 'all' && user.authorisation && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={refreshNow}
              loading={refreshing.isLoading}
            >
              {t('hmrc:users.refresh')}
            </Button>
          )}
          {actions === 'all' && mayDelete && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={confirmDelete}>
              {t('hmrc:users.delete')}
            </Button>
          )}
        </Group>
      </Stack>

      <Modal opened={confirming} onClose={cancelDelete} title={t('hmrc:users.deleteTitle')} centered>
        <Stack>
          <Text size="sm">{t('hmrc:users.deleteBody', { name, userId: user.userId })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={cancelDelete}>
              {t('hmrc:users.cancel')}
            </Button>
            <Button color="red" onClick={deleteNow} loading={removing.isLoading}>
              {t('hmrc:users.deleteConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
