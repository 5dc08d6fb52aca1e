import { ActionIcon, Button, Group, Modal, NavLink, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { IconMessage, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ConversationSummary } from '@vatwise/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/format/format';
import { notify } from '../../../shared/toasts/notifier';
import { deleteConversation } from '../chat-thunks';
import { useChat } from '../use-chat';

/** The user's saved conversations (VAT Wise screen): open one, start one, delete one. */
export function ConversationList() {
  const { t, i18n } = useTranslation('assistant');
  const { chat, open, newChat, remove, answering } = useChat();
  const [toDelete, setToDelete] = useState<ConversationSummary | null>(null);
  const loadingHistory = chat.loading && chat.conversationHistory.length === 0 && !chat.currentConversationId;

  const confirmDelete = async () => {
    if (!toDelete) return;
    const target = toDelete;
    setToDelete(null);
    const result = await remove(target.id);
    if (deleteConversation.fulfilled.match(result))
      notify({ type: 'success', title: t('delete.done'), message: target.title });
  };

  return (
    <Stack gap="xs" style={{ minHeight: 0 }}>
      <Group justify="space-between">
        <Text fw={700}>{t('conversations')}</Text>
        <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => void newChat()} disabled={answering}>
          {t('newChat')}
        </Button>
      </Group>
      {loadingHistory ? (
        <Stack gap={6} aria-label={t('loadingHistory')}>
          <Skeleton h={36} />
          <Skeleton h={36} />
          <Skeleton h={36} />
        </Stack>
      ) : chat.conversationHistory.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('noConversations')}
        </Text>
      ) : (
        <ScrollArea.Autosize mah="60vh" type="auto" scrollbars="y">
          <Stack gap={2} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {chat.conversationHistory.map((conversation) => (
              <Group key={conversation.id} component="li" gap={4} wrap="nowrap" data-testid="conversation-item">
                <NavLink
                  component="button"
                  type="button"
                  active={conversation.id === chat.currentConversationId}
                  label={conversation.title}
                  description={t('updated', { date: formatDateTime(conversation.updatedAt, i18n.language) })}
                  leftSection={<IconMessage size={16} />}
                  onClick={() => void open(conversation.id)}
                  aria-current={conversation.id === chat.currentConversationId ? 'true' : undefined}
                  style={{ flex: 1, minWidth: 0 }}
                  styles={{
                    body: { minWidth: 0 },
                    label: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
                  }}
                  title={conversation.title}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  onClick={() => setToDelete(conversation)}
                  aria-label={t('delete.button', { title: conversation.title })}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
      <Modal opened={toDelete !== null} onClose={() => setToDelete(null)} title={t('delete.title')} centered>
        <Text size="sm">{t('delete.body', { title: toDelete?.title ?? '' })}</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setToDelete(null)} data-autofocus>
            {t('delete.cancel')}
          </Button>
          <Button color="red" onClick={() => void confirmDelete()}>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}
