import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../shared/ui/PageLoader';
import { Footer } from './Footer';

/**
 * The page area every layout shares: the current screen (loading lazily) and the footer.
 * `bottomClearance` (px) is room kept below the footer for a button floating over the page's
 * bottom corner, so the last content can always be scrolled clear of it (not kept on paper).
 */
export function PageFrame({ bottomClearance }: { bottomClearance?: number } = {}) {
  return (
    <AppShell.Main
      id="main-content"
      tabIndex={-1}
      className={bottomClearance ? 'vw-floating-clearance' : undefined}
      style={bottomClearance ? { '--vw-floating-clearance': `${bottomClearance}px` } : undefined}
      data-testid="main-content"
    >
      <div className="vw-page">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
    </AppShell.Main>
  );
}
