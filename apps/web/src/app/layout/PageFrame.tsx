import { AppShell } from '@mantine/core';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from '../../shared/ui/PageLoader';
import { Footer } from './Footer';

/** The page area every layout shares: the current screen (loading lazily) and the footer. */
export function PageFrame() {
  return (
    <AppShell.Main id="main-content" tabIndex={-1}>
      <div className="vw-page">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
    </AppShell.Main>
  );
}
