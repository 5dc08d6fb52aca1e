import { ActionIcon, Affix, Center, Drawer, Loader, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { Suspense, lazy, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { openChat } from '../chat-thunks';
import { useCanChat, useChatDispatch } from '../use-chat';
import { VAT_WISE_PATH } from './vat-wise-path';

const ChatPanel = lazy(() => import('./ChatPanel'));

/** The launcher's size and its distance from the window's bottom and side, in px. */
const launcherSize = 52;
const launcherOffset = 20;

/**
 * The room, in px, a page keeps below its last content so the launcher, floating over the bottom
 * corner, never covers it (a Download CSV button, the footer's link): the page scrolls clear.
 */
export const launcherClearance = launcherSize + launcherOffset + 16;

/** Fetches the signed-in user's conversations once (spec section 4, on start). */
function useChatHistoryOnSignIn() {
  const dispatch = useChatDispatch();
  const canChat = useCanChat();
  useEffect(() => {
    if (canChat) void dispatch(openChat());
  }, [canChat, dispatch]);
}

function Launcher() {
  const { t } = useTranslation('assistant');
  const [opened, { open, close }] = useDisclosure(false);
  const location = useLocation();
  useChatHistoryOnSignIn();

  // The VAT Wise screen is the chat itself.
  if (location.pathname.startsWith(VAT_WISE_PATH)) return null;
  return (
    <>
      {/* vw-no-print: not on paper (a printed receipt), where it would cover what is under it. */}
      <Affix
        position={{ bottom: launcherOffset, right: launcherOffset }}
        zIndex={150}
        className="vw-no-print"
        data-testid="chat-launcher-affix"
      >
        <Tooltip label={t('openPanel')} position="left">
          <ActionIcon
            size={launcherSize}
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
        className="vw-no-print"
        title={t('panelTitle')}
        styles={{
          content: { display: 'flex', flexDirection: 'column' },
          body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 },
        }}
      >
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <ChatPanel onLeave={close} />
        </Suspense>
      </Drawer>
    </>
  );
}

/**
 * The chat panel, reachable from every main-area page (spec section 2): a button that opens the
 * assistant beside the page, so a question need not lose the user's place. It never holds up the
 * page: its texts and the panel itself load on their own.
 */
export function ChatLauncher() {
  return (
    <Suspense fallback={null}>
      <Launcher />
    </Suspense>
  );
}
