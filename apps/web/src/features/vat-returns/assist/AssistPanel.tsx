import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { AssistAnswer, AssistReport } from '@vatwise/domain';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../shared/format/format';
import { assistApi } from './api';
import { AssistMessages } from './AssistMessages';
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
  const [acknowledge] = assistApi.useAcknowledgeAssistMutation();
  const [acknowledged, setAcknowledged] = useState<string | null>(report.presentedAt);
  const [ackFailed, setAckFailed] = useState(false);
  const sent = useRef<string | null>(null);
  const { reportId } = report;
  const onShown = useCallback(() => {
    if (!reportId || report.acknowledgedAt || sent.current === reportId) return;
    sent.current = reportId;
    acknowledge({ id: returnId, reportId, presentedAt: new Date().toISOString() })
      .unwrap()
      .then((stored) => setAcknowledged(stored.presentedAt))
      .catch(() => setAckFailed(true));
  }, [acknowledge, returnId, reportId, report.acknowledgedAt]);

  return (
    <Stack gap="sm">
      <AssistMessages report={report} onShown={onShown} />
      {acknowledged && (
        <Text size="xs" c="dimmed" data-testid="assist-acknowledged">
          {t('assist.acknowledged', { at: formatDateTime(acknowledged, i18n.language) })}
        </Text>
      )}
      {ackFailed && !acknowledged && (
        <Text size="xs" c="dimmed" data-testid="assist-ack-failed">
          {t('assist.ackFailed')}
        </Text>
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
