import { Button, Card, Group, Paper, ScrollArea, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { agentDialogueLog, useDialogueLog } from '../../../shared/logs/dialogue-log';

const colours = { info: undefined, success: 'teal', error: 'red' } as const;

/** The agent dialogue (spec section 2, Grant Authority): each step, shown or hidden at will. */
export function AgentDialogue() {
  const { t, i18n } = useTranslation('hmrc');
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
          {shown && entries.length > 0 && (
            <Button size="xs" variant="subtle" onClick={() => agentDialogueLog.clear()}>
              {t('dialogue.clear')}
            </Button>
          )}
        </Group>
        {shown && (
          <Paper withBorder p="xs" aria-label={t('dialogue.title')} data-testid="agent-dialogue">
            {entries.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dialogue.empty')}
              </Text>
            ) : (
              <ScrollArea.Autosize mah={240}>
                <Stack gap={4} component="ol" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                  {[...entries].reverse().map((entry, index) => (
                    <Text component="li" size="sm" key={`${entry.at}-${index}`} c={colours[entry.level]}>
                      <Text span size="xs" c="dimmed" mr="xs">
                        {formatDateTime(entry.at, i18n.language)}
                      </Text>
                      {entry.message}
                    </Text>
                  ))}
                </Stack>
              </ScrollArea.Autosize>
            )}
          </Paper>
        )}
      </Stack>
    </Card>
  );
}
