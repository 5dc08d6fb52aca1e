import { ActionIcon, Affix, Button, Drawer, Group, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMaximize, IconMessageChatbot, IconPlus } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { APP_BASE } from '../../../shared/navigation/screens';
import { ChatUnavailable } from './ChatUnavailable';
import { openChat } from '../chat-thunks';
import { useCanChat, useChat, useChatDispatch } from '../use-chat';
import { ChatView } from './ChatView';

export const VAT_WISE_PATH = `${APP_BASE}/vat-wise`;

/** Fetches the signed-in user's conversations once (spec section 4, on start). */
export function useChatHistoryOnSignIn() {
  const dispatch = useChatDispatch();
  const canChat = useCanChat();
  useEffect(() => {
    if (canChat) void dispatch(openChat());
  }, [canChat, dispatch]);
}

/**
 * The chat panel, reachable from every main-area page (spec section 2): a button that opens the
 * assistant beside the page, so a question need not lose the user's place.
 */
export function ChatLauncher() {
  const { t } = useTranslation('assistant');
  const [opened, { open, close }] = useDisclosure(false);
  const location = useLocation();
  const canChat = useCanChat();
  const { newChat, answering } = useChat();
  useChatHistoryOnSignIn();

  // The VAT Wise screen is the chat itself.
  if (location.pathname.startsWith(VAT_WISE_PATH)) return null;
  return (
    <>
      <Affix position={{ bottom: 20, right: 20 }} zIndex={150}>
        <Tooltip label={t('openPanel')} position="left">
          <ActionIcon
            size={52}
            radius="xl"
            variant="filled"
            onClick={open}
            aria-label={t('openPanel')}
            aria-expanded={opened}
            data-testid="chat-launcher"
          >
            <IconMessageChatbot size={26} />
          </ActionIcon>
        </Tooltip>
      </Affix>
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="lg"
        title={t('panelTitle')}
        styles={{
          content: { display: 'flex', flexDirection: 'column' },
          body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
        }}
      >
        {canChat ? (
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
                    onClick={close}
                    aria-label={t('openFullScreen')}
                  >
                    <IconMaximize size={16} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            }
          />
        ) : (
          <ChatUnavailable />
        )}
      </Drawer>
    </>
  );
}
