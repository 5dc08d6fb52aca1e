// First, before any module that may load Zod.
import './shared/config/zod-without-eval';
import './app/mantine-styles';
import './app/global.css';
import type { UnknownAction } from '@reduxjs/toolkit';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { takePageUser } from './shared/api/page-user';
import { createStore } from './app/store';
import { initI18n } from './shared/i18n/i18n';
import { loadPreferences } from './shared/theme/preferences';

const preferences = loadPreferences();
const store = createStore(preferences);
// A signed-in page load carries its user, so the session check is answered before a screen asks.
const pageUser = takePageUser();
if (pageUser !== undefined) {
  void import('./features/auth').then(({ seedPageUser }) => {
    const seed = seedPageUser(pageUser);
    // A thunk: the store's type does not list the API slice, which is injected when it loads.
    if (seed) store.dispatch(seed as unknown as UnknownAction);
  });
}
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Translations for the chosen language are fetched before the first paint, so nothing flashes in English.
initI18n(preferences.language)
  .catch((error: unknown) => console.warn('Translations failed to load; showing keys', error))
  .finally(() => {
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
