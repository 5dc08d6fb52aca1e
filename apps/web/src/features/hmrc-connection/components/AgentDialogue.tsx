import { Card, Group, Loader, Stack, Switch } from '@mantine/core';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentDialogueLog, useDialogueLog } from '../../../shared/logs/dialogue-log';
import { ClearLogButton, DialogueList } from '../../agents';

/**
 * The agent dialogue (docs/reference/product.md §2, Grant Authority): this browser's steps and the agents' lines
 * for this user, arriving live, shown or hidden at will.
 */
export function AgentDialogue() {
  const { t } = useTranslation('hmrc');
  const [shown, setShown] = useState(false);
  const entries = useDialogueLog(agentDialogueLog);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Switch
            checked={shown}
            onChange={(event) => setShown(event.currentTarget.checked)}
            label={t('dialogue.show')}
          />
          {shown && (
            <Suspense fallback={null}>
              <ClearLogButton store="agent" count={entries.length} />
            </Suspense>
          )}
        </Group>
        {shown && (
          <Suspense fallback={<Loader size="sm" aria-label={t('dialogue.title')} />}>
            <DialogueList
              entries={entries}
              label={t('dialogue.title')}
              empty={t('dialogue.empty')}
              testId="agent-dialogue"
              showSource
              maxHeight={240}
            />
          </Suspense>
        )}
      </Stack>
    </Card>
  );
}
