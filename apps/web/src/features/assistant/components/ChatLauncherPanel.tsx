import { ActionIcon, Affix, Center, Drawer, Loader, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMessageChatbot } from '@tabler/icons-react';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { launcherOffset, launcherSize } from './launcher-size';

const ChatPanel = lazy(() => import('./ChatPanel'));

/**
 * The chat button with its tooltip and the drawer it opens (loaded after the first paint, see
 * ChatLauncher). `openAtOnce`: the plain button was pressed before this code had loaded.
 */
export default function ChatLauncherPanel({ openAtOnce }: { openAtOnce: boolean }) {
  const { t } = useTranslation('assistant');
  const [opened, { open, close }] = useDisclosure(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Focus first and open after, so that closing the drawer gives the focus back to this button.
    if (!openAtOnce) return undefined;
    button.current?.focus();
    const timer = window.setTimeout(open, 0);
    return () => window.clearTimeout(timer);
  }, [openAtOnce, open]);

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
            ref={button}
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
