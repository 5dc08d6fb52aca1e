import { Alert, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import type { SandboxUser } from '@vatwise/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/http-errors';
import { formatDateTime } from '../../../shared/format/format';
import { agentDialogueLog, useDialogueLog } from '../../../shared/logs/dialogue-log';
import { notify } from '../../../shared/toasts/notifier';
import { useAuthoriserBrowsersQuery, useAuthorizeUserMutation, useStopAuthorizeUserMutation } from '../api';
import { DialogueList } from './DialogueList';

type Outcome = { kind: 'success'; userId: string; until: string } | { kind: 'error'; message: string };

/**
 * Authorisation User: the sandbox authoriser does the HMRC sign-in and grant for a sandbox test
 * user in a headless browser on the server, while the user watches its steps arrive.
 */
export function SandboxAuthoriserCard({
  users,
}: {
  /** The sandbox test users to choose from, as the HMRC connection lists them. */
  users: { data?: readonly SandboxUser[]; isLoading: boolean };
}) {
  const { t, i18n } = useTranslation('agents');
  // Asked again on each visit: a run started before leaving the page may still be going.
  const browsers = useAuthoriserBrowsersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [authorize, run] = useAuthorizeUserMutation();
  const [stop, stopping] = useStopAuthorizeUserMutation();
  const [userId, setUserId] = useState<string | null>(null);
  const [browser, setBrowser] = useState<string | null>(null);
  const [problems, setProblems] = useState<{ userId?: string; browser?: string }>({});
  const [startedAt, setStartedAt] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const lines = useDialogueLog(agentDialogueLog).filter(
    (entry) => entry.source === 'sandbox-authoriser' && startedAt !== null && entry.at >= startedAt,
  );

  if (browsers.data && !browsers.data.available) return null;
  /** A run of this user's that this page did not start (another tab, or before leaving the page). */
  const runningElsewhere = Boolean(browsers.data?.running) && !run.isLoading;

  const stopRun = async () => {
    await stop();
    void browsers.refetch();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(userId ? {} : { userId: t('authoriser.chooseUser') }),
      ...(browser ? {} : { browser: t('authoriser.chooseBrowser') }),
    };
    setProblems(found);
    if (!userId || !browser) return;
    setOutcome(null);
    // A second earlier than now, so a line stamped by the server's clock just before ours still shows.
    setStartedAt(new Date(Date.now() - 1000).toISOString());
    const result = await authorize({ userId, browser });
    if ('error' in result) {
      setOutcome({ kind: 'error', message: describeError(result.error, t) });
      return;
    }
    setOutcome({ kind: 'success', userId, until: result.data.authorisation.expiresAt });
    notify({ type: 'success', message: t('authoriser.done', { userId }) });
  };

  const userOptions = (users.data ?? []).map((user) => ({
    value: user.userId,
    label: `${user.userId} · ${user.organisationName ?? user.userFullName}`,
  }));
  const browserOptions = (browsers.data?.browsers ?? []).map((choice) => ({
    value: choice.id,
    label: choice.available ? choice.name : `${choice.name} (${t('authoriser.unavailable')})`,
    disabled: !choice.available,
  }));
  const unavailable = (browsers.data?.browsers ?? []).filter((choice) => !choice.available);

  return (
    <Card withBorder padding="lg" data-testid="sandbox-authoriser">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Group gap="xs">
            <IconRobot size={20} aria-hidden />
            <Title order={2} size="h4">
              {t('names.sandbox-authoriser')}
            </Title>
          </Group>
          <Text size="sm" c="dimmed">
            {t('authoriser.intro')}
          </Text>
          <Group align="flex-start" grow>
            <Select
              label={t('authoriser.user')}
              placeholder={users.isLoading ? t('loading') : t('authoriser.userPlaceholder')}
              data={userOptions}
              value={userId}
              onChange={setUserId}
              error={problems.userId}
              nothingFoundMessage={t('authoriser.noUsers')}
              disabled={run.isLoading}
              required
            />
            <Select
              label={t('authoriser.browser')}
              placeholder={t('authoriser.browserPlaceholder')}
              data={browserOptions}
              value={browser}
              onChange={setBrowser}
              error={problems.browser}
              disabled={run.isLoading}
              required
            />
          </Group>
          {unavailable.length > 0 && (
            <Text size="xs" c="dimmed">
              {unavailable.map((choice) => `${choice.name}: ${choice.reason ?? ''}`).join(' ')}
            </Text>
          )}
          {userOptions.length === 0 && !users.isLoading && (
            <Text size="sm" c="dimmed">
              {t('authoriser.noUsers')}
            </Text>
          )}
          <Group>
            <Button type="submit" loading={run.isLoading} disabled={userOptions.length === 0}>
              {t('authoriser.run')}
            </Button>
            {(run.isLoading || runningElsewhere) && (
              <Button variant="light" color="red" loading={stopping.isLoading} onClick={() => void stopRun()}>
                {t('authoriser.stop')}
              </Button>
            )}
          </Group>
          {runningElsewhere && (
            <Alert color="blue" data-testid="authoriser-running">
              {t('authoriser.runningElsewhere')}
            </Alert>
          )}
          {startedAt && (
            <DialogueList
              entries={lines}
              label={t('authoriser.steps')}
              empty={t('authoriser.waiting')}
              testId="authoriser-steps"
              maxHeight={220}
            />
          )}
          {outcome?.kind === 'success' && (
            <Alert color="teal" data-testid="authoriser-result">
              {t('authoriser.success', { userId: outcome.userId, until: formatDateTime(outcome.until, i18n.language) })}
            </Alert>
          )}
          {outcome?.kind === 'error' && (
            <Alert color="red" data-testid="authoriser-result">
              {outcome.message}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
