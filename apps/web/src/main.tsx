// First, before any module that may load Zod.
import './shared/config/zod-without-eval';
import './app/mantine-styles';
import './app/global.css';
import type { UnknownAction } from '@reduxjs/toolkit';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { hasPageReads, takePageUser } from './shared/api/page-user';
import { createStore } from './app/store';
import { initI18n } from './shared/i18n/i18n';
import { loadPreferences } from './shared/theme/preferences';

const preferences = loadPreferences();
const store = createStore(preferences);

/**
 * A signed-in page load carries its user and the businesses: the store holds them before the first
 * render, so the first screen is drawn once, in its final state, without asking the server.
 */
async function seedFromPage(pageUser: unknown): Promise<void> {
  const [auth, connection] = await Promise.all([
    import('./features/auth'),
    hasPageReads() ? import('./features/hmrc-connection') : undefined,
  ]);
  for (const seed of [auth.seedPageUser(pageUser), connection?.seedPageBusinesses()]) {
    // The store's type does not list the API slice, which is injected when it loads.
    if (seed) store.dispatch(seed as unknown as UnknownAction);
  }
}
const pageUser = takePageUser();
const seeded = pageUser === undefined ? Promise.resolve() : seedFromPage(pageUser);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Translations for the chosen language are fetched before the first paint, so nothing flashes in English.
Promise.all([
  initI18n(preferences.language).catch((error: unknown) =>
    console.warn('Translations failed to load; showing keys', error),
  ),
  // Without them the app asks the server, as on any later read.
  seeded.catch((error: unknown) => console.warn('The page’s data could not be used; asking the server', error)),
]).finally(() => {
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (input stays responsive while a screen builds).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  });
});
