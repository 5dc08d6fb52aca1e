import { Button } from '@mantine/core';
import { IconCloudOff, IconMoodSad } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { MessagePage } from '../shared/ui/MessagePage';
import { ChunkLoadError } from './lazy-page';

/**
 * Shown in place of a screen that failed: a chunk that could not be downloaded gets
 * 'Loading chunk failed' and a retry; anything else a plain apology and a way home.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const chunkFailed = error instanceof ChunkLoadError;

  useEffect(() => {
    if (!chunkFailed) console.warn('A screen failed to render', error);
  }, [chunkFailed, error]);

  return (
    <MessagePage
      role="alert"
      icon={chunkFailed ? <IconCloudOff size={48} stroke={1.4} /> : <IconMoodSad size={48} stroke={1.4} />}
      title={chunkFailed ? t('chunk.failed') : t('routeError.title')}
      text={chunkFailed ? t('chunk.explain') : t('routeError.explain')}
      actions={
        <>
          {/* A browser remembers a failed module import for the page's lifetime, so retrying means reloading. */}
          <Button onClick={() => window.location.reload()} data-testid="chunk-retry">
            {chunkFailed ? t('chunk.retry') : t('routeError.reload')}
          </Button>
          <Button variant="default" component={Link} to="/" reloadDocument>
            {t('routeError.home')}
          </Button>
        </>
      }
    />
  );
}
