import { Anchor, Group, List, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { Source } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format/format';

export const sourceAnchorId = (answerId: string, n: number) => `source-${answerId}-${n}`;

/** The passages an answer rests on, each a link to the public guidance it summarises. */
export function SourceList({ answerId, sources }: { answerId: string; sources: Source[] }) {
  const { t, i18n } = useTranslation('assistant');
  if (sources.length === 0) return null;
  return (
    <div data-testid="answer-sources">
      <Text size="xs" fw={700} c="dimmed" tt="uppercase" mt="xs" mb={4}>
        {t('sources')}
      </Text>
      <List size="xs" spacing={2} listStyleType="none">
        {sources.map((source) => (
          <List.Item key={source.n} id={sourceAnchorId(answerId, source.n)}>
            <Group gap={6} wrap="nowrap" align="baseline">
              <Text size="xs" c="dimmed" miw={22}>
                [{source.n}]
              </Text>
              <Anchor href={source.url} target="_blank" rel="noopener noreferrer" size="xs">
                {source.title}
                <IconExternalLink size={11} style={{ marginInlineStart: 4, verticalAlign: 'middle' }} aria-hidden />
              </Anchor>
              {source.appliesFrom && (
                <Text size="xs" c="dimmed">
                  · {t('appliesFrom', { date: formatDate(source.appliesFrom, i18n.language) })}
                </Text>
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </div>
  );
}
