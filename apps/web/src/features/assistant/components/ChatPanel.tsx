import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconMaximize, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanChat, useChat } from '../use-chat';
import { ChatUnavailable } from './ChatUnavailable';
import { ChatView } from './ChatView';
import { VAT_WISE_PATH } from './vat-wise-path';

/** The chat panel's content (loaded when the panel first opens): the current conversation. */
export default function ChatPanel({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation('assistant');
  const canChat = useCanChat();
  const { newChat, answering } = useChat();
  if (!canChat) return <ChatUnavailable />;
  return (
    <ChatView
      toolbar={
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => void newChat()}
            disabled={answering}
          >
            {t('newChat')}
          </Button>
          <Tooltip label={t('openFullScreen')}>
            <ActionIcon
              variant="default"
              component={Link}
              to={VAT_WISE_PATH}
              onClick={onLeave}
              aria-label={t('openFullScreen')}
            >
              <IconMaximize size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      }
    />
  );
}
