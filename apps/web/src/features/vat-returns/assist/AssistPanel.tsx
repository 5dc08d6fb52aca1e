import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { AssistAnswer, AssistReport } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { AssistMessages } from './AssistMessages';
import { useAcknowledgement } from './use-acknowledgement';
import type { HmrcAssist } from './use-hmrc-assist';

/** Whether the return's flow shows HMRC Assist at all: not when it is off or the period is filed. */
export const showsAssist = (assist: HmrcAssist): boolean =>
  assist.phase !== 'idle' && assist.answer?.state !== 'off' && assist.answer?.state !== 'filed';

/**
 * HMRC's report on the figures shown, acknowledged to HMRC as soon as its messages are on the screen
 * (HMRC's service guide recommends doing so automatically, apart from the submit button).
 */
function ReadyReport({ returnId, report }: { returnId: string; report: AssistReport }) {
  const { t, i18n } = useTranslation('vatReturns');
  const acknowledgement = useAcknowledgement(returnId, report);
  const { presentedAt } = acknowledgement;

  return (
    <Stack gap="sm">
      <AssistMessages report={report} onShown={acknowledgement.onShown} />
      {presentedAt && (
        <Text size="xs" c="dimmed" data-testid="assist-acknowledged">
          {t('assist.acknowledged', { at: formatDateTime(presentedAt, i18n.language) })}
        </Text>
      )}
      {acknowledgement.failed && !presentedAt && (
        <Group gap="xs" data-testid="assist-ack-failed">
          <Text size="xs" c="dimmed">
            {t('assist.ackFailed')}
          </Text>
          <Button size="compact-xs" variant="default" onClick={acknowledgement.retry}>
            {t('assist.ackRetry')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function Answer({ returnId, answer }: { returnId: string; answer: AssistAnswer }) {
  const { t, i18n } = useTranslation('vatReturns');
  if (answer.state === 'period-not-ended') {
    return (
      <Text size="sm" data-testid="assist-period-not-ended">
        {t('assist.periodNotEnded', { end: formatDate(answer.periodEnd, i18n.language) })}
      </Text>
    );
  }
  // One per report: new figures bring a new report, shown and acknowledged afresh.
  if (answer.state === 'ready' && answer.report) {
    return <ReadyReport key={answer.report.reportId ?? ''} returnId={returnId} report={answer.report} />;
  }
  return (
    <Alert color="yellow" data-testid="assist-unavailable">
      <Text size="sm">{t('assist.unavailable')}</Text>
    </Alert>
  );
}

/** The HMRC Assist step of a return: waiting, then HMRC's messages, or why there are none. */
export function AssistPanel({ returnId, assist }: { returnId: string; assist: HmrcAssist }) {
  const { t } = useTranslation('vatReturns');
  return (
    <Stack gap="sm" data-testid="hmrc-assist">
      <Text size="sm" c="dimmed">
        {t('assist.advisory')}
      </Text>
      <div aria-live="polite">
        {assist.phase === 'waiting' && (
          <Group gap="xs" role="status" data-testid="assist-waiting">
            <Loader size="sm" />
            <Text size="sm">{t('assist.waiting')}</Text>
          </Group>
        )}
        {assist.phase === 'timedOut' && (
          <Alert color="yellow" data-testid="assist-timed-out">
            <Text size="sm">{t('assist.timedOut')}</Text>
          </Alert>
        )}
        {assist.phase === 'failed' && (
          <Alert color="yellow" data-testid="assist-unavailable">
            <Text size="sm">{t('assist.unavailable')}</Text>
          </Alert>
        )}
        {assist.phase === 'answered' && assist.answer && <Answer returnId={returnId} answer={assist.answer} />}
      </div>
    </Stack>
  );
}
