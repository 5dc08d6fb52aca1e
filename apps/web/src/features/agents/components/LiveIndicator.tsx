import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LiveState, useLiveState } from '../live/connection-state';

const colours: Record<LiveState, string> = { off: 'gray', connecting: 'yellow', live: 'teal', lost: 'red' };

/** Whether what the screen shows is arriving live. */
export function LiveIndicator() {
  const { t } = useTranslation('agents');
  const state = useLiveState();
  return (
    <Badge
      variant="dot"
      color={colours[state]}
      size="lg"
      data-testid="live-indicator"
      data-state={state}
      title={t(`live.hint.${state}`)}
    >
      {t(`live.${state}`)}
    </Badge>
  );
}
