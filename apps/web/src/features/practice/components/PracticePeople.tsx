import {
  Badge,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type PracticeSummary, canManagePractice } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { LoadingState } from '../../../shared/ui/QueryStates';
import { type AssignableRole, type PracticeMember, practiceApi } from '../api';
import { asQueryError, describePracticeError } from '../workspace';
import { InviteForm, rolesToGive } from './InviteForm';
import { PracticeError } from './PracticeError';

/**
 * The active practice's members and the invitations waiting for an answer. Its owner and admins
 * invite, change roles (never the owner's, nor their own), remove members (never the owner) and
 * cancel invitations; everyone else sees the members only.
 */
export function PracticePeople({ practice, userId }: { practice: PracticeSummary; userId: string }) {
  const { t, i18n } = useTranslation(['common', 'practice']);
  const manages = canManagePractice(practice.role);
  const active = practiceApi.useActivePracticeQuery();
  const [updateRole] = practiceApi.useUpdateMemberRoleMutation();
  const [remove, removing] = practiceApi.useRemoveMemberMutation();
  const [cancel] = practiceApi.useCancelInvitationMutation();
  const [changingRoleOf, setChangingRoleOf] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const [makeLink, making] = practiceApi.useInvitationLinkMutation();
  /** Each invitation's link once asked for: shown to copy by hand when the clipboard is not there. */
  const [links, setLinks] = useState<Record<string, string>>({});
  const [toRemove, setToRemove] = useState<PracticeMember | null>(null);

  const nameOf = (member: PracticeMember) => member.name || member.email;

  const changeRole = async (member: PracticeMember, role: AssignableRole) => {
    setChangingRoleOf(member.id);
    try {
      await updateRole({ memberId: member.id, role }).unwrap();
      notify({
        type: 'success',
        message: t('practice:members.roleChanged', { name: nameOf(member), role: t(`practiceRoles.${role}`) }),
      });
    } catch (caught) {
      notify({
        type: 'error',
        title: t('practice:members.roleChangeFailed', { name: nameOf(member) }),
        message: describePracticeError(asQueryError(caught), t),
      });
    } finally {
      setChangingRoleOf(null);
    }
  };

  const confirmRemove = async () => {
    if (!toRemove) return;
    try {
      await remove({ memberIdOrEmail: toRemove.id }).unwrap();
      notify({ type: 'success', message: t('practice:members.removed', { name: nameOf(toRemove) }) });
      setToRemove(null);
    } catch (caught) {
      notify({
        type: 'error',
        title: t('practice:members.removeFailed', { name: nameOf(toRemove) }),
        message: describePracticeError(asQueryError(caught), t),
      });
    }
  };

  // Without mail an address is never verified: the sender hands this link to the invited person.
  const copyLink = async (id: string, email: string) => {
    try {
      const { url } = await makeLink({ invitationId: id }).unwrap();
      setLinks((known) => ({ ...known, [id]: url }));
      await navigator.clipboard?.writeText(url);
      notify({ type: 'success', message: t('practice:pending.linkCopied') });
    } catch (caught) {
      // A refused clipboard still leaves the link on screen to copy by hand.
      if (caught instanceof Error && caught.name === 'NotAllowedError') return;
      notify({
        type: 'error',
        title: t('practice:pending.linkFailed', { email }),
        message: describePracticeError(asQueryError(caught), t),
      });
    }
  };

  const cancelInvitation = async (id: string, email: string) => {
    setCancelling(id);
    try {
      await cancel({ invitationId: id }).unwrap();
      notify({ type: 'success', message: t('practice:pending.cancelled', { email }) });
    } catch (caught) {
      notify({
        type: 'error',
        title: t('practice:pending.cancelFailed', { email }),
        message: describePracticeError(asQueryError(caught), t),
      });
    } finally {
      setCancelling(null);
    }
  };

  let body;
  if (active.isLoading) body = <LoadingState label={t('practice:members.loading')} />;
  else if (active.isError || !active.data)
    body = <PracticeError error={active.error} onRetry={() => void active.refetch()} />;
  else {
    const { members, invitations } = active.data;
    body = (
      <Stack gap="md">
        <Stack
          gap="xs"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t('practice:members.list')}
        >
          {members.map((member) => {
            const self = member.userId === userId;
            const editable = manages && member.role !== 'owner' && !self;
            return (
              <Paper component="li" withBorder p="sm" key={member.id} data-testid="member">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {nameOf(member)}
                      {self && ` ${t('practice:members.you')}`}
                    </Text>
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {member.email}
                    </Text>
                  </div>
                  <Group gap="xs" wrap="wrap">
                    {editable ? (
                      <NativeSelect
                        size="xs"
                        aria-label={t('practice:members.roleOf', { name: nameOf(member) })}
                        value={member.role}
                        disabled={changingRoleOf === member.id}
                        onChange={(event) => void changeRole(member, event.currentTarget.value as AssignableRole)}
                        data={rolesToGive.map((value) => ({ value, label: t(`practiceRoles.${value}`) }))}
                        data-testid="member-role-select"
                      />
                    ) : (
                      <Badge variant="light" data-testid="member-role">
                        {t(`practiceRoles.${member.role}`)}
                      </Badge>
                    )}
                    {editable && (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setToRemove(member)}
                        aria-label={t('practice:members.removeWho', { name: nameOf(member) })}
                      >
                        {t('practice:members.remove')}
                      </Button>
                    )}
                  </Group>
                </Group>
              </Paper>
            );
          })}
        </Stack>
        {manages && (
          <>
            <Divider />
            <Title order={3} size="h5" id="pending-title">
              {t('practice:pending.title')}
            </Title>
            {invitations.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="no-pending-invitations">
                {t('practice:pending.none')}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-labelledby="pending-title">
                {invitations.map((invitation) => (
                  <Paper component="li" withBorder p="sm" key={invitation.id} data-testid="pending-invitation">
                    <Group justify="space-between" wrap="wrap" gap="xs">
                      <div style={{ minWidth: 0 }}>
                        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                          {invitation.email}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {t('practice:pending.detail', {
                            role: t(`practiceRoles.${invitation.role}`),
                            date: formatDateTime(invitation.expiresAt, i18n.language),
                          })}
                        </Text>
                      </div>
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="default"
                          loading={making.isLoading && making.originalArgs?.invitationId === invitation.id}
                          onClick={() => void copyLink(invitation.id, invitation.email)}
                          aria-label={t('practice:pending.copyLinkFor', { email: invitation.email })}
                        >
                          {t('practice:pending.copyLink')}
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          loading={cancelling === invitation.id}
                          onClick={() => void cancelInvitation(invitation.id, invitation.email)}
                          aria-label={t('practice:pending.cancelFor', { email: invitation.email })}
                        >
                          {t('practice:pending.cancel')}
                        </Button>
                      </Group>
                    </Group>
                    {links[invitation.id] && (
                      <TextInput
                        mt="xs"
                        readOnly
                        value={links[invitation.id]}
                        label={t('practice:pending.linkLabel', { email: invitation.email })}
                        description={t('practice:pending.linkHelp', { email: invitation.email })}
                        onFocus={(event) => event.currentTarget.select()}
                        data-testid="invitation-link"
                      />
                    )}
                  </Paper>
                ))}
              </Stack>
            )}
            <Divider />
            <InviteForm />
          </>
        )}
      </Stack>
    );
  }

  return (
    <Card withBorder component="section" aria-labelledby="members-title" data-testid="practice-people">
      <Stack gap="sm">
        <Title order={2} size="h3" id="members-title">
          {t('practice:members.title', { name: practice.name })}
        </Title>
        {!manages && (
          <Text size="sm" c="dimmed" data-testid="members-read-only">
            {t('practice:members.readOnly')}
          </Text>
        )}
        {body}
      </Stack>
      <Modal
        opened={toRemove !== null}
        onClose={() => setToRemove(null)}
        title={t('practice:members.removeTitle')}
        closeButtonProps={{ 'aria-label': t('practice:close') }}
      >
        <Stack gap="md">
          <Text size="sm">
            {toRemove && t('practice:members.removeBody', { name: nameOf(toRemove), practice: practice.name })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToRemove(null)}>
              {t('practice:keep')}
            </Button>
            <Button color="red" loading={removing.isLoading} onClick={() => void confirmRemove()}>
              {t('practice:members.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
