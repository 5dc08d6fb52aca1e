import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { dynamicMiddleware, rootReducer } from '../shared/store/root';

/** A fresh store as the app builds it: the root reducer with every injected slice and API. */
export function createTestStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

/** Renders a screen as the app does: a fresh store, Mantine, a router at `path`, and Suspense for translations. */
export function renderPage(ui: ReactNode, path = '/') {
  const store = createTestStore();
  return render(
    <Provider store={store}>
      <MantineProvider>
        <MemoryRouter initialEntries={[path]}>
          <Suspense fallback="Loading">{ui}</Suspense>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
}
