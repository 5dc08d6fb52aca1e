import { Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportProgress } from '../../../shared/live/import-progress';

interface ImportProgressPanelProps {
  draftId: string;
  fileName: string;
  /** Reading the file for its preview, or importing it. */
  phase: 'previewing' | 'importing';
  /** When the phase began (Date.now()), for the time so far. */
  startedAt: number;
}

/** Seconds since `startedAt`, counted up once a second. */
function useSecondsSince(startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

/**
 * Where a large file stands: sent, read, then recorded batch by batch (the server tells each step
 * over the live channel), with the time so far. Without the live channel it still shows the phase.
 */
export function ImportProgressPanel({ draftId, fileName, phase, startedAt }: ImportProgressPanelProps) {
  const { t } = useTranslation(['vatReturns']);
  const heard = useImportProgress(draftId);
  const seconds = useSecondsSince(startedAt);
  const progress = phase === 'importing' && heard?.fileName === fileName ? heard : undefined;
  const file = fileName;
  let text = t(phase === 'previewing' ? 'vatReturns:import.progress.reading' : 'vatReturns:import.progress.sending', {
    file,
  });
  let percent: number | undefined;
  if (progress?.stage === 'reading') text = t('vatReturns:import.progress.reading', { file });
  if (progress?.stage === 'recording') {
    text = t('vatReturns:import.progress.recording', { done: progress.done, total: progress.total });
    percent = progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0;
  }
  if (progress?.stage === 'done') {
    text = t('vatReturns:import.progress.recorded', { total: progress.total });
    percent = 100;
  }
  return (
    <Stack gap={6} data-testid="import-progress">
      <Progress
        value={percent ?? 100}
        striped={percent === undefined}
        animated={percent === undefined}
        size="lg"
        aria-label={t('vatReturns:import.progress.label', { file })}
        aria-valuetext={text}
        transitionDuration={200}
      />
      <Text size="sm" role="status">
        {text}
      </Text>
      <Text size="xs" c="dimmed">
        {t('vatReturns:import.progress.elapsed', { seconds })}
        {phase === 'importing' && ` · ${t('vatReturns:import.progress.canLeave')}`}
      </Text>
    </Stack>
  );
}
