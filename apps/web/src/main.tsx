// First, before any module that may load Zod.
import './shared/config/zod-without-eval';
import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createStore } from './app/store';
import { initI18n } from './shared/i18n/i18n';
import { loadPreferences } from './shared/theme/preferences';

const preferences = loadPreferences();
const store = createStore(preferences);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Translations for the chosen language are fetched before the first paint, so nothing flashes in English.
initI18n(preferences.language)
  .catch((error: unknown) => console.warn('Translations failed to load; showing keys', error))
  .finally(() => {
    createRoot(root).render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  });
