import { DirectionProvider, MantineProvider, useDirection } from '@mantine/core';
import { Suspense, useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Toaster } from '../shared/toasts/Toaster';
import { buildTheme, cssVariablesResolver } from '../shared/theme/mantine-theme';
import { type Direction, directionOf } from '../shared/theme/preferences';
import { PageLoader } from '../shared/ui/PageLoader';
import { ConnectivityToasts } from './ConnectivityToasts';
import { routes } from './routes';
import { type AppStore, useAppSelector } from './store';

const router = createBrowserRouter(routes);

/** Mantine's own direction state follows the language (it flips menus, drawers and paddings). */
function DirectionSync({ direction }: { direction: Direction }) {
  const { setDirection } = useDirection();
  useEffect(() => setDirection(direction), [direction, setDirection]);
  return null;
}

function ThemedApp() {
  const preferences = useAppSelector((state) => state.preferences);
  const theme = useMemo(() => buildTheme(preferences), [preferences]);
  const direction = directionOf(preferences.language);
  return (
    <DirectionProvider initialDirection={direction} detectDirection={false}>
      <DirectionSync direction={direction} />
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        forceColorScheme={preferences.colorScheme}
      >
        <Suspense fallback={<PageLoader />}>
          <RouterProvider router={router} />
          <Toaster />
          <ConnectivityToasts />
        </Suspense>
      </MantineProvider>
    </DirectionProvider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ThemedApp />
    </Provider>
  );
}
