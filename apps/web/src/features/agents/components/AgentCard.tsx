import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { AgentInfo, AgentStatus, SettableAgentStatus } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDateTime } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { useRunAgentMutation, useSetAgentStatusMutation } from '../api';

const statusColours: Record<AgentStatus, string> = {
  idle: 'gray',
  running: 'blue',
  paused: 'yellow',
  error: 'red',
  disabled: 'dark',
};

/** The agent that runs only when a user asks (it has no schedule to run now). */
const onDemand = 'sandbox-authoriser';

/** One agent: what it does, its status as it changes, its last and next run, and an Admin's controls. */
export function AgentCard({ agent, admin }: { agent: AgentInfo; admin: boolean }) {
  const { t, i18n } = useTranslation('agents');
  const [setStatus, setting] = useSetAgentStatusMutation();
  const [runAgent, running] = useRunAgentMutation();
  const busy = setting.isLoading || running.isLoading;

  const change = async (status: SettableAgentStatus) => {
    const result = await setStatus({ id: agent.id, status });
    if ('error' in result) {
      notify({ type: 'error', title: t('controls.notChanged'), message: describeError(result.error, t) });
    } else {
      notify({ type: 'success', message: t(`controls.changed.${status}`, { agent: t(`names.${agent.id}`) }) });
    }
  };
  const runNow = async () => {
    const result = await runAgent({ id: agent.id });
    if ('error' in result)
      notify({ type: 'error', title: t('controls.runFailed'), message: describeError(result.error, t) });
  };

  return (
    <Card withBorder padding="lg" data-testid={`agent-${agent.id}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text fw={600} component="h2" size="lg" m={0}>
            {t(`names.${agent.id}`)}
          </Text>
          <Badge
            color={statusColours[agent.status]}
            variant={agent.status === 'idle' ? 'light' : 'filled'}
            leftSection={agent.status === 'running' ? <Loader size={10} color="white" /> : undefined}
            data-testid={`agent-status-${agent.id}`}
            data-status={agent.status}
          >
            {t(`statuses.${agent.status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t(`descriptions.${agent.id}`)}
        </Text>
        <Group gap="xl">
          <div>
            <Text size="xs" c="dimmed">
              {t('lastRun')}
            </Text>
            <Text size="sm">{agent.lastRunAt ? formatDateTime(agent.lastRunAt, i18n.language) : t('never')}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">
              {t('nextRun')}
            </Text>
            <Text size="sm">
              {agent.id === onDemand
                ? t('onRequest')
                : agent.nextRunAt
                  ? formatDateTime(agent.nextRunAt, i18n.language)
                  : agent.status === 'paused' || agent.status === 'disabled'
                    ? t('notScheduled')
                    : t('notStarted')}
            </Text>
          </div>
        </Group>
        {agent.changedBy && agent.status !== 'idle' && (
          <Text size="xs" c="dimmed">
            {t('changedBy', { who: agent.changedBy })}
          </Text>
        )}
        {agent.lastError && (
          <Alert color="red" p="xs">
            <Text size="sm">{agent.lastError}</Text>
          </Alert>
        )}
        {admin && (
          <Group gap="xs">
            {agent.status === 'paused' || agent.status === 'disabled' ? (
              <Button size="xs" onClick={() => void change('idle')} loading={setting.isLoading} disabled={busy}>
                {t('controls.resume')}
              </Button>
            ) : (
              <Button size="xs" variant="light" color="yellow" onClick={() => void change('paused')} disabled={busy}>
                {t('controls.pause')}
              </Button>
            )}
            {agent.status !== 'disabled' && (
              <Button size="xs" variant="subtle" color="red" onClick={() => void change('disabled')} disabled={busy}>
                {t('controls.disable')}
              </Button>
            )}
            {agent.id !== onDemand && (
              <Button
                size="xs"
                variant="default"
                onClick={() => void runNow()}
                loading={running.isLoading}
                disabled={busy || agent.status === 'paused' || agent.status === 'disabled'}
              >
                {t('controls.runNow')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
