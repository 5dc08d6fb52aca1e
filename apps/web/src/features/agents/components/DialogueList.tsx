import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatDatesInText } from '../../../shared/format/format';
import type { DialogueEntry } from '../../../shared/logs/dialogue-log';

const colours = { info: undefined, success: 'teal', warning: 'orange', error: 'red' } as const;

/**
 * This browser's lines are translated sentences; a line the server wrote (in English) keeps its
 * own direction in a right-to-left layout (bdi). An HMRC call's line quotes its endpoint as sent;
 * the other lines get the app's dates.
 */
function DialogueMessage({ entry, language }: { entry: DialogueEntry; language: string }) {
  const message = entry.source === 'hmrc' ? entry.message : formatDatesInText(entry.message, language);
  const Line = entry.source === 'web' ? 'span' : 'bdi';
  return <Line style={{ wordBreak: 'break-word' }}>{message}</Line>;
}

export interface DialogueListProps {
  entries: readonly DialogueEntry[];
  label: string;
  empty: string;
  testId: string;
  /** Show who wrote each line (the Agents screen mixes every agent's). */
  showSource?: boolean;
  maxHeight?: number;
}

/** A dialogue log, newest first; a screen reader hears new lines as they arrive (role="log"). */
export function DialogueList({
  entries,
  label,
  empty,
  testId,
  showSource = false,
  maxHeight = 320,
}: DialogueListProps) {
  const { t, i18n } = useTranslation('agents');
  return (
    <Paper withBorder p="xs" data-testid={testId}>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <ScrollArea.Autosize mah={maxHeight}>
          <Stack
            gap={4}
            component="ol"
            role="log"
            aria-label={label}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {[...entries].reverse().map((entry) => (
              <Text component="li" size="sm" key={entry.id} c={colours[entry.level]} data-level={entry.level}>
                <Group gap="xs" wrap="nowrap" align="baseline" component="span">
                  <Text span size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {formatDateTime(entry.at, i18n.language)}
                  </Text>
                  {showSource && (
                    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
                      {t(`sources.${entry.source}`, { defaultValue: entry.source })}
                    </Badge>
                  )}
                  <DialogueMessage entry={entry} language={i18n.language} />
                </Group>
              </Text>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
