import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { askAgainStatuses, type ClientRequest, type ClientRequestStatus } from '@vatwise/domain';
import { IconRefresh, IconSend, IconUserCheck, IconUserX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../shared/api/http-errors';
import { clientConfig } from '../../../shared/config/client-config';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { agentDialogueLog } from '../../../shared/logs/dialogue-log';
import { ErrorState, LoadingState } from '../../../shared/ui/QueryStates';
import { hmrcApi } from '../api';
import { formatVrn } from '../../../shared/format/vrn';
import { ClientLinkActions } from './ClientLinkActions';
import { TestClientSignIn } from './TestClientSignIn';

const statusColour: Record<ClientRequestStatus, string> = {
  pending: 'yellow',
  accepted: 'green',
  declined: 'red',
  expired: 'gray',
  cancelled: 'gray',
  ended: 'red',
};

/** The agent's requests, newest first, with what HMRC last said of each and what can be done next. */
export function ClientRequests() {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const list = hmrcApi.useClientRequestsQuery();
  const [recheck, rechecking] = hmrcApi.useRecheckClientAuthoritiesMutation();
  const [recheckFailure, setRecheckFailure] = useState<string | null>(null);
  // The dashboard's "Ask the client again" opens this list at that client.
  const [params] = useSearchParams();
  const focusVrn = params.get('vrn');

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
            loading={rechecking.isLoading || list.isFetching}
            // HMRC is asked now about every request and every accepted client's authority.
            onClick={() => {
              setRecheckFailure(null);
              void recheck().then((result) => {
                if ('error' in result && result.error) setRecheckFailure(describeError(result.error, t));
                else agentDialogueLog.append('success', t('hmrc:clients.authority.recheckDone'));
              });
            }}
          >
            {t('hmrc:clients.authority.recheck')}
          </Button>
        </Group>
      </Group>
      {recheckFailure && (
        <Alert color="red" role="alert" p="xs">
          {recheckFailure}
        </Alert>
      )}
      {data.requests.length === 0 ? (
        <Text c="dimmed" data-testid="client-requests-empty">
          {t('hmrc:clients.list.empty')}
        </Text>
      ) : (
        data.requests.map((request) => (
          <ClientRequestCard key={request.id} request={request} focused={request.vrn === focusVrn} />
        ))
      )}
    </Stack>
  );
}

function ClientRequestCard({ request, focused }: { request: ClientRequest; focused: boolean }) {
  const { t, i18n } = useTranslation(['common', 'hmrc']);
  const navigate = useNavigate();
  const sandbox = clientConfig.hmrcEnvironment === 'sandbox';
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [cancel, cancelling] = hmrcApi.useCancelClientRequestMutation();
  const [answer, answering] = hmrcApi.useAnswerAsSandboxClientMutation();
  const [addBusiness, adding] = hmrcApi.useAddBusinessMutation();
  const [selectBusiness] = hmrcApi.useSelectBusinessMutation();
  const [askAgain, asking] = hmrcApi.useAskClientAgainMutation();
  const [endAuthority, ending] = hmrcApi.useEndClientAuthorityMutation();
  const [confirmingEnd, setConfirmingEnd] = useState(false);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focused) cardRef.current?.scrollIntoView?.({ block: 'center' });
  }, [focused]);
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
    <Card
      withBorder
      padding="md"
      data-testid="client-request"
      data-status={request.status}
      data-vrn={request.vrn}
      ref={cardRef}
      style={focused ? { borderColor: 'var(--mantine-color-blue-filled)' } : undefined}
    >
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
        {request.status === 'ended' && (
          <Text size="sm" c="red" data-testid="client-authority-ended">
            {t('hmrc:clients.authority.endedText')}
          </Text>
        )}
        {askAgainStatuses.includes(request.status) && (
          <Group gap="xs">
            <Button
              size="xs"
              leftSection={<IconSend size={14} />}
              loading={asking.isLoading}
              onClick={() =>
                void run(() => askAgain({ id: request.id }), t('hmrc:clients.authority.askedAgain', { vrn }))
              }
            >
              {t('hmrc:clients.authority.askAgain')}
            </Button>
          </Group>
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
            {confirmingEnd ? (
              <Group gap="xs" role="group" aria-label={t('hmrc:clients.authority.endConfirm')}>
                <Text size="sm">{t('hmrc:clients.authority.endConfirm')}</Text>
                <Button
                  size="xs"
                  color="red"
                  loading={ending.isLoading}
                  onClick={() =>
                    void run(
                      () => endAuthority({ id: request.id }),
                      t('hmrc:clients.authority.endedLog', { vrn }),
                    ).then(() => setConfirmingEnd(false))
                  }
                >
                  {t('hmrc:clients.authority.endYes')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmingEnd(false)}>
                  {t('hmrc:clients.authority.endNo')}
                </Button>
              </Group>
            ) : (
              <Button size="xs" variant="subtle" color="red" onClick={() => setConfirmingEnd(true)}>
                {t('hmrc:clients.authority.end')}
              </Button>
            )}
          </Group>
        )}
        {request.earlier && request.earlier.length > 0 && (
          <details>
            <summary>
              <Text span size="sm" c="dimmed">
                {t('hmrc:clients.authority.earlier', { count: request.earlier.length })}
              </Text>
            </summary>
            <Stack gap={2} mt={4} component="ul" style={{ margin: 0, paddingInlineStart: '1.2em' }}>
              {request.earlier.map((earlier) => (
                <Text key={earlier.id} size="sm" c="dimmed" component="li">
                  {t('hmrc:clients.authority.earlierLine', {
                    status: t(`hmrc:clients.status.${earlier.status}`),
                    date: formatDate(earlier.sentAt.slice(0, 10), i18n.language),
                  })}
                </Text>
              ))}
            </Stack>
          </details>
        )}
      </Stack>
    </Card>
  );
}
