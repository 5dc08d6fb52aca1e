import { ActionIcon, Affix } from '@mantine/core';
import { IconMessageChatbot } from '@tabler/icons-react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { openChat } from '../chat-thunks';
import { useCanChat, useChatDispatch } from '../use-chat';
import { useAfterFirstPaint, useDeferredModule } from '../../../shared/ui/use-after-first-paint';
import { launcherOffset, launcherSize } from './launcher-size';
import { VAT_WISE_PATH } from './vat-wise-path';

// The tooltip and the drawer need code no page needs to start (a floating-position library, focus
// trapping): the plain button is drawn, and their code loads when the user reaches for it.
const loadChatLauncherPanel = () => import('./ChatLauncherPanel');

/**
 * The room, in px, a page keeps below its last content so the launcher, floating over the bottom
 * corner, never covers it (a Download CSV button, the footer's link): the page scrolls clear.
 */
export const launcherClearance = launcherSize + launcherOffset + 16;

/**
 * Fetches the signed-in user's conversations once (docs/reference/product.md §4, on start), once the first
 * screen has painted: the page does not wait for the chat's history.
 */
function useChatHistoryOnSignIn() {
  const dispatch = useChatDispatch();
  const canChat = useCanChat();
  const painted = useAfterFirstPaint(canChat);
  useEffect(() => {
    if (canChat && painted) void dispatch(openChat());
  }, [canChat, painted, dispatch]);
}

function Launcher() {
  const { t } = useTranslation('assistant');
  const location = useLocation();
  const deferred = useDeferredModule(loadChatLauncherPanel, 'intent');
  useChatHistoryOnSignIn();

  // The VAT Wise screen is the chat itself.
  if (location.pathname.startsWith(VAT_WISE_PATH)) return null;
  // Until the tooltip's and the drawer's code is here: the same button, which asks for them.
  const plain = (
    <Affix
      position={{ bottom: launcherOffset, right: launcherOffset }}
      zIndex={150}
      withinPortal={false}
      className="vw-no-print"
      data-testid="chat-launcher-affix"
    >
      <ActionIcon
        size={launcherSize}
        radius="xl"
        variant="filled"
        {...deferred.plainHandlers}
        onClick={deferred.press}
        aria-label={t('openPanel')}
        aria-expanded={false}
        data-testid="chat-launcher"
      >
        <IconMessageChatbot size={26} />
      </ActionIcon>
    </Affix>
  );
  const ChatLauncherPanel = deferred.module?.default;
  return ChatLauncherPanel ? <ChatLauncherPanel openAtOnce={deferred.openAtOnce} /> : plain;
}

/**
 * The chat panel, reachable from every main-area page (docs/reference/product.md §2): a button that opens the
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
