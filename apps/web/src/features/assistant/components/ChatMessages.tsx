import { Button, Center, Loader, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatState } from '../chat-types';
import { MessageBubble, type ShownMessage } from './MessageBubble';

/** The stored messages, then the question on its way and the answer being written. */
function shownMessages(chat: ChatState): ShownMessage[] {
  const shown: ShownMessage[] = (chat.currentConversation?.messages ?? []).map((message) => ({ ...message }));
  if (chat.pendingQuestion !== null) {
    shown.push({
      id: 'pending',
      role: 'user',
      content: chat.pendingQuestion,
      sources: [],
      status: 'sending',
      llm: null,
    });
  }
  const answer = chat.answer;
  if (answer?.id && answer.conversationId === chat.currentConversationId) {
    shown.push({ ...answer, id: answer.id, role: 'assistant', status: 'writing' });
  }
  return shown;
}

const examples = ['example1', 'example2', 'example3'] as const;

/** The conversation, kept scrolled to the newest text unless the user has scrolled up to read. */
export function ChatMessages({ chat, onExample }: { chat: ChatState; onExample: (question: string) => void }) {
  const { t } = useTranslation('assistant');
  const viewport = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const messages = shownMessages(chat);
  const newest = messages.at(-1);

  useEffect(() => {
    const element = viewport.current;
    if (element && atBottom.current) element.scrollTo({ top: element.scrollHeight });
  }, [messages.length, newest?.content]);

  const loadingConversation = chat.loading && messages.length === 0 && chat.currentConversationId !== null;

  return (
    <ScrollArea
      style={{ flex: 1, minHeight: 0 }}
      viewportRef={viewport}
      onScrollPositionChange={({ y }) => {
        const element = viewport.current;
        if (element) atBottom.current = element.scrollHeight - element.clientHeight - y < 48;
      }}
    >
      {loadingConversation ? (
        <Center py="xl">
          <Loader size="sm" aria-label={t('loadingConversation')} />
        </Center>
      ) : messages.length === 0 ? (
        <Stack align="center" gap="xs" py="xl" px="md" ta="center">
          <Title order={3} size="h4">
            {t('empty.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('empty.description')}
          </Text>
          {examples.map((key) => (
            <Button key={key} variant="light" size="xs" onClick={() => onExample(t(`empty.${key}`))}>
              {t(`empty.${key}`)}
            </Button>
          ))}
        </Stack>
      ) : (
        <Stack gap="md" p="xs" role="log" aria-label={t('conversations')} data-testid="chat-messages">
          {messages.map((message) => (
            <MessageBubble key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </ScrollArea>
  );
}
