import { Badge, Box, Group, Loader, Paper, Text } from '@mantine/core';
import type { ChatMessage, Source } from '@vatwise/domain';
import { useTranslation } from 'react-i18next';
import { AnswerText } from './AnswerText';
import { SourceList, sourceAnchorId } from './SourceList';

export interface ShownMessage {
  id: string;
  role: ChatMessage['role'];
  content: string;
  sources: Source[];
  /** 'writing' while the answer streams; 'sending' while the question is on its way. */
  status: ChatMessage['status'] | 'writing' | 'sending';
  llm: ChatMessage['llm'];
}

/** One question or answer. Answers show their citations, sources and which model wrote them. */
export function MessageBubble({ message }: { message: ShownMessage }) {
  const { t } = useTranslation('assistant');
  const isUser = message.role === 'user';
  const citeHref = (n: number) =>
    message.sources.some((source) => source.n === n) ? `#${sourceAnchorId(message.id, n)}` : undefined;
  return (
    <Box
      data-testid="chat-message"
      data-role={message.role}
      data-status={message.status}
      style={{ alignSelf: isUser ? 'flex-end' : 'stretch', maxWidth: isUser ? '85%' : '100%' }}
    >
      <Text size="xs" c="dimmed" mb={2} ta={isUser ? 'end' : 'start'}>
        {isUser ? t('you') : t('assistant')}
      </Text>
      <Paper
        p="sm"
        radius="md"
        withBorder={!isUser}
        bg={isUser ? 'var(--mantine-primary-color-light)' : undefined}
        opacity={message.status === 'sending' ? 0.7 : 1}
      >
        {isUser ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.content}
          </Text>
        ) : message.content ? (
          <AnswerText text={message.content} citeHref={citeHref} />
        ) : message.status === 'writing' ? null : (
          <Text size="sm" c="dimmed" fs="italic">
            {t('emptyAnswer')}
          </Text>
        )}
        {message.status === 'writing' && (
          <Group gap={6} mt={message.content ? 4 : 0}>
            <Loader size="xs" type="dots" />
            <Text size="xs" c="dimmed">
              {t('writing')}
            </Text>
          </Group>
        )}
        {!isUser && <SourceList answerId={message.id} sources={message.sources} />}
        {!isUser && message.status !== 'writing' && (
          <Group gap={6} mt="xs">
            {message.llm && (
              <Text size="xs" c="dimmed">
                {t('answeredBy', { llm: message.llm })}
              </Text>
            )}
            {(message.status === 'stopped' || message.status === 'failed') && (
              <Badge size="xs" variant="light" color={message.status === 'failed' ? 'red' : 'gray'}>
                {t(`status.${message.status}`)}
              </Badge>
            )}
          </Group>
        )}
      </Paper>
    </Box>
  );
}
