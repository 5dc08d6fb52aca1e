import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { addDays, ukToday } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/format/format';
import { formatVrn } from '../../../shared/format/vrn';
import { hmrcApi } from '../api';

/** A request whose last day to answer is this close is shown as expiring soon. */
const expiringWithinDays = 5;

/**
 * The practice's requests to clients still waiting for an answer, the ones expiring soonest first,
 * on the practice dashboard. Nothing shows for someone who is not a tax agent.
 */
export function PendingInvitations() {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const list = hmrcApi.useClientRequestsQuery();
  if (list.isError) {
    return (
      <Text size="sm" c="dimmed" data-testid="pending-invitations-error">
        {t('hmrc:pendingRequests.unavailable')}
      </Text>
    );
  }
  const pending = (list.data?.requests ?? [])
    .filter((request) => request.status === 'pending')
    .sort((a, b) => (a.expiresOn ?? '9999').localeCompare(b.expiresOn ?? '9999'));
  if (list.isLoading || !list.data || list.data.agents.length === 0 || pending.length === 0) return null;
  const soon = addDays(ukToday(), expiringWithinDays);
  const expiring = pending.filter((request) => request.expiresOn !== null && request.expiresOn <= soon).length;
  const shown = pending.slice(0, 10);

  return (
    <Card
      withBorder
      padding="sm"
      component="section"
      aria-labelledby="pending-invitations"
      data-testid="pending-invitations"
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4" id="pending-invitations">
            {t('hmrc:pendingRequests.title', { count: pending.length })}
          </Title>
          {expiring > 0 && (
            <Badge color="orange" variant="light">
              {t('hmrc:pendingRequests.expiringCount', { count: expiring })}
            </Badge>
          )}
        </Group>
        {shown.map((request) => (
          <Group key={request.id} justify="space-between" wrap="wrap" gap="xs" data-testid="pending-invitation">
            <Text size="sm">
              {request.clientName ?? formatVrn(request.vrn)}
              <Text span size="xs" c="dimmed">
                {' · '}
                {formatVrn(request.vrn)}
              </Text>
            </Text>
            {request.expiresOn && (
              <Text
                size="xs"
                c={request.expiresOn <= soon ? 'orange' : 'dimmed'}
                fw={request.expiresOn <= soon ? 600 : 400}
              >
                {t('hmrc:pendingRequests.expires', { date: formatDate(request.expiresOn, i18n.language) })}
              </Text>
            )}
          </Group>
        ))}
        <Group>
          <Button component={Link} to="/app/clients" size="xs" variant="light">
            {pending.length > shown.length
              ? t('hmrc:pendingRequests.all', { count: pending.length })
              : t('hmrc:pendingRequests.open')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
