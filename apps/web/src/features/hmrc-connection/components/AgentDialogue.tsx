import { Card, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentDialogueLog, useDialogueLog } from '../../../shared/logs/dialogue-log';
import { ClearLogButton } from '../../agents/components/ClearLogButton';
import { DialogueList } from '../../agents/components/DialogueList';

/**
 * The agent dialogue (spec section 2, Grant Authority): this browser's steps and the agents' lines
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
          {shown && <ClearLogButton store="agent" count={entries.length} />}
        </Group>
        {shown && (
          <DialogueList
            entries={entries}
            label={t('dialogue.title')}
            empty={t('dialogue.empty')}
            testId="agent-dialogue"
            showSource
            maxHeight={240}
          />
        )}
      </Stack>
    </Card>
  );
}
