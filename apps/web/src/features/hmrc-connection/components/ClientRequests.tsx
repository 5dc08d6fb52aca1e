import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ClientRequest, ClientRequestStatus } from '@vatwise/domain';
import { IconRefresh, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeError } from '../../../shared/api/http-errors';
import { clientConfig } from '../../../shared/config/client-config';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { agentDialogueLog } from '../../../shared/logs/dialogue-log';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { hmrcApi } from '../api';
import { formatVrn } from '../use-current-business';
import { ClientLinkActions } from './ClientLinkActions';
import { TestClientSignIn } from './TestClientSignIn';

const statusColour: Record<ClientRequestStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  cancelled: 'gray',
  ended: 'gray',
};

/** The agent's requests, newest first, with what HMRC last said of each and what can be done next. */
export function ClientRequests() {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const list = hmrcApi.useClientRequestsQuery();
  const [refresh, refreshing] = hmrcApi.useLazyClientRequestsQuery();

  if (list.isLoading) return <LoadingState label={t('hmrc:clients.loading')} />;
  if (list.isError) return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  const data = list.data;
  if (!data || data.agents.length === 0) return null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="client-requests">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h3" id="client-requests">
          {t('hmrc:clients.list.title')}
        </Title>
        <Group gap="xs">
          {data.checkedAt && (
            <Text size="sm" c="dimmed" data-testid="client-requests-checked">
              {t('hmrc:clients.list.checkedAt', { when: formatDateTime(data.checkedAt, i18n.language) })}
            </Text>
          )}
          <Button
            size="xs"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={refreshing.isFetching || list.isFetching}
            // HMRC is asked now; the list then reads what was recorded.
            onClick={() => void refresh({ refresh: true }).then(() => list.refetch())}
          >
            {t('hmrc:clients.list.check')}
          </Button>
        </Group>
      </Group>
      {data.requests.length === 0 ? (
        <Text c="dimmed" data-testid="client-requests-empty">
          {t('hmrc:clients.list.empty')}
        </Text>
      ) : (
        data.requests.map((request) => <ClientRequestCard key={request.id} request={request} />)
      )}
    </Stack>
  );
}

function ClientRequestCard({ request }: { request: ClientRequest }) {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const navigate = useNavigate();
  const sandbox = clientConfig.hmrcEnvironment === 'sandbox';
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancel, cancelling] = hmrcApi.useCancelClientRequestMutation();
  const [answer, answering] = hmrcApi.useAnswerAsSandboxClientMutation();
  const [addBusiness, adding] = hmrcApi.useAddBusinessMutation();
  const [selectBusiness] = hmrcApi.useSelectBusinessMutation();
  const vrn = formatVrn(request.vrn);
  const title = request.clientName ?? t('hmrc:clients.list.unnamed', { vrn });

  const run = async (work: () => Promise<{ error?: unknown } | { data: unknown }>, done?: string) => {
    setFailure(null);
    const result = await work();
    if ('error' in result && result.error) {
      const message = describeError(result.error as Parameters<typeof describeError>[0], t);
      setFailure(message);
      agentDialogueLog.append('error', message);
      return false;
    }
    if (done) agentDialogueLog.append('success', done);
    return true;
  };

  const answerAsClient = (accept: boolean) => {
    agentDialogueLog.append('info', t('hmrc:clients.sandboxAnswering', { vrn }));
    void run(
      () => answer({ id: request.id, accept }),
      t(accept ? 'hmrc:clients.sandboxAccepted' : 'hmrc:clients.sandboxDeclined', { vrn }),
    );
  };

  const openBusiness = async () => {
    if (await run(() => selectBusiness({ vrn: request.vrn }))) void navigate('/app/vat-operations');
  };

  return (
    <Card withBorder padding="md" data-testid="client-request" data-status={request.status}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div>
            <Text fw={600}>{title}</Text>
            <Text size="sm" c="dimmed">
              {t('hmrc:clients.list.vrnLine', { vrn, arn: request.arn })}
            </Text>
          </div>
          <Badge color={statusColour[request.status]} variant="light" data-testid="client-request-status">
            {t(`hmrc:clients.status.${request.status}`)}
          </Badge>
        </Group>
        <Text size="sm">
          {t('hmrc:clients.list.sent', { date: formatDate(request.sentAt.slice(0, 10), i18n.language) })}
          {request.status === 'pending' && request.expiresOn
            ? ` · ${t('hmrc:clients.list.expires', { date: formatDate(request.expiresOn, i18n.language) })}`
            : ''}
          {request.status !== 'pending' && request.answeredAt
            ? ` · ${t('hmrc:clients.list.answered', { date: formatDate(request.answeredAt.slice(0, 10), i18n.language) })}`
            : ''}
        </Text>
        {failure && (
          <Alert color="red" role="alert" p="xs">
            {failure}
          </Alert>
        )}
        {request.status === 'pending' && sandbox && <TestClientSignIn vrn={request.vrn} />}
        {request.status === 'pending' && (
          <Group gap="xs" wrap="wrap">
            <ClientLinkActions request={request} />
            {sandbox && (
              <>
                <Button
                  size="xs"
                  color="green"
                  leftSection={<IconUserCheck size={14} />}
                  loading={answering.isLoading}
                  onClick={() => answerAsClient(true)}
                >
                  {t('hmrc:clients.sandboxAccept')}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconUserX size={14} />}
                  disabled={answering.isLoading}
                  onClick={() => answerAsClient(false)}
                >
                  {t('hmrc:clients.sandboxDecline')}
                </Button>
              </>
            )}
            {confirmingCancel ? (
              <Group gap="xs" role="group" aria-label={t('hmrc:clients.cancelConfirm')}>
                <Text size="sm">{t('hmrc:clients.cancelConfirm')}</Text>
                <Button
                  size="xs"
                  color="red"
                  loading={cancelling.isLoading}
                  onClick={() =>
                    void run(() => cancel({ id: request.id }), t('hmrc:clients.cancelled', { vrn })).then(() =>
                      setConfirmingCancel(false),
                    )
                  }
                >
                  {t('hmrc:clients.cancelYes')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmingCancel(false)}>
                  {t('hmrc:clients.cancelNo')}
                </Button>
              </Group>
            ) : (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingCancel(true)}>
                {t('hmrc:clients.cancel')}
              </Button>
            )}
          </Group>
        )}
        {request.status === 'accepted' && (
          <Group gap="xs">
            {request.businessConnected ? (
              <Button size="xs" onClick={() => void openBusiness()}>
                {t('hmrc:clients.openBusiness')}
              </Button>
            ) : (
              <Button
                size="xs"
                loading={adding.isLoading}
                onClick={() =>
                  void run(() =>
                    addBusiness({
                      vrn: request.vrn,
                      userId: request.agentUserId,
                      ...(request.clientName ? { name: request.clientName } : {}),
                    }),
                  )
                }
              >
                {t('hmrc:clients.addBusiness')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
