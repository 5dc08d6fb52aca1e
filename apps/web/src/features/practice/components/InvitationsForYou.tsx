import { Alert, Badge, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { PracticeInvitation } from '@vatwise/domain';
import { IconMailOpened } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDateTime } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { LoadingState } from '../../../shared/ui/QueryStates';
import { practiceApi } from '../api';
import { asQueryError, describePracticeError, workspace } from '../workspace';
import { PracticeError } from './PracticeError';

type Answering = { id: string; answer: 'accept' | 'decline' } | null;

/**
 * The invitations waiting for the signed-in address. The e-mail's link (?invitation=<id>) marks
 * its own one, or says why it is not here. Accepting joins the practice and works in it.
 */
export function InvitationsForYou({ email }: { email: string }) {
  const { t, i18n } = useTranslation(['common', 'practice']);
  const [params] = useSearchParams();
  const linked = params.get('invitation');
  // The sender's link carries a token: with it, its invitation shows to an address not yet verified.
  const token = params.get('token');
  const link = linked && token ? { invitation: linked, token } : undefined;
  const invitations = practiceApi.useInvitationsForMeQuery(link);
  const tokenFor = (id: string) => (link && id === link.invitation ? { token: link.token } : {});
  const [accept] = practiceApi.useAcceptInvitationMutation();
  const [reject] = practiceApi.useRejectInvitationMutation();
  const [setActive] = practiceApi.useSetActivePracticeMutation();
  const [answering, setAnswering] = useState<Answering>(null);

  const acceptOne = async (invitation: PracticeInvitation) => {
    setAnswering({ id: invitation.id, answer: 'accept' });
    try {
      const accepted = await accept({ invitationId: invitation.id, ...tokenFor(invitation.id) }).unwrap();
      // better-auth already works in the practice just joined; saying so keeps that true whatever it does.
      await setActive({ organizationId: accepted.member.organizationId }).unwrap();
      // A new workspace: start the app again in it (see workspace.reload).
      workspace.reload();
    } catch (caught) {
      setAnswering(null);
      notify({
        type: 'error',
        title: t('practice:invitations.acceptFailed', { name: invitation.practiceName }),
        message: describePracticeError(asQueryError(caught), t),
      });
    }
  };

  const declineOne = async (invitation: PracticeInvitation) => {
    setAnswering({ id: invitation.id, answer: 'decline' });
    try {
      await reject({ invitationId: invitation.id, ...tokenFor(invitation.id) }).unwrap();
      notify({ type: 'success', message: t('practice:invitations.declined', { name: invitation.practiceName }) });
    } catch (caught) {
      notify({
        type: 'error',
        title: t('practice:invitations.declineFailed', { name: invitation.practiceName }),
        message: describePracticeError(asQueryError(caught), t),
      });
    } finally {
      setAnswering(null);
    }
  };

  const list = invitations.data ?? [];
  // The linked invitation first, where the user's eye lands.
  const ordered = [...list].sort((a, b) => Number(b.id === linked) - Number(a.id === linked));
  const linkedMissing = linked !== null && invitations.isSuccess && !list.some((item) => item.id === linked);

  return (
    <Card withBorder component="section" aria-labelledby="invitations-title" data-testid="invitations-for-you">
      <Stack gap="sm">
        <Title order={2} size="h3" id="invitations-title">
          {t('practice:invitations.title')}
        </Title>
        {linkedMissing && (
          <Alert
            color="yellow"
            role="alert"
            data-testid="invitation-not-found"
            title={t('practice:invitations.notFoundTitle')}
          >
            <Stack gap={4}>
              <Text size="sm">{t('practice:invitations.notFound', { email })}</Text>
              <Text size="sm">{t('practice:invitations.unverifiedHint', { email })}</Text>
            </Stack>
          </Alert>
        )}
        {invitations.isLoading ? (
          <LoadingState label={t('practice:invitations.loading')} />
        ) : invitations.isError ? (
          <PracticeError error={invitations.error} onRetry={() => void invitations.refetch()} />
        ) : list.length === 0 ? (
          <Stack gap={4} data-testid="no-invitations">
            <Text size="sm" c="dimmed">
              {t('practice:invitations.none', { email })}
            </Text>
            <Text size="sm" c="dimmed">
              {t('practice:invitations.unverifiedHint', { email })}
            </Text>
          </Stack>
        ) : (
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {ordered.map((invitation) => {
              const isLinked = invitation.id === linked;
              const busy = answering?.id === invitation.id;
              return (
                <Paper
                  component="li"
                  withBorder
                  p="sm"
                  key={invitation.id}
                  data-testid="invitation-for-you"
                  data-linked={isLinked || undefined}
                  aria-current={isLinked ? 'true' : undefined}
                  style={isLinked ? { borderColor: 'var(--mantine-primary-color-filled)', borderWidth: 2 } : undefined}
                >
                  <Stack gap={6}>
                    <Group gap="xs" wrap="wrap">
                      <IconMailOpened size={18} aria-hidden />
                      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {t('practice:invitations.join', {
                          name: invitation.practiceName,
                          role: t(`practiceRoles.${invitation.role}`),
                        })}
                      </Text>
                      {isLinked && <Badge variant="light">{t('practice:invitations.fromLink')}</Badge>}
                    </Group>
                    <Text size="sm">{t(`practice:roleHelp.${invitation.role}`)}</Text>
                    <Text size="sm" c="dimmed">
                      {t('practice:invitations.expires', { date: formatDateTime(invitation.expiresAt, i18n.language) })}
                    </Text>
                    <Group gap="xs">
                      <Button
                        size="sm"
                        loading={busy && answering.answer === 'accept'}
                        disabled={answering !== null && !(busy && answering.answer === 'accept')}
                        onClick={() => void acceptOne(invitation)}
                      >
                        {t('practice:invitations.accept')}
                      </Button>
                      <Button
                        size="sm"
                        variant="default"
                        loading={busy && answering.answer === 'decline'}
                        disabled={answering !== null && !(busy && answering.answer === 'decline')}
                        onClick={() => void declineOne(invitation)}
                      >
                        {t('practice:invitations.decline')}
                      </Button>
                    </Group>
                  </Stack>
                </Paper>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
