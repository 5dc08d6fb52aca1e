import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../shared/i18n/i18n';
import {
  colorSchemeChosen,
  colourChosen,
  defaultPreferences,
  languageChosen,
  loadPreferences,
} from '../shared/theme/preferences';
import { createStore } from './store';

describe('preference changes', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('are saved the moment they are made', () => {
    const store = createStore(defaultPreferences);
    store.dispatch(colourChosen('bluenavy'));
    store.dispatch(colorSchemeChosen('dark'));
    expect(loadPreferences()).toMatchObject({ colour: 'bluenavy', colorScheme: 'dark' });
  });

  it('switch the language, the page direction and lang together', async () => {
    const store = createStore(defaultPreferences);
    store.dispatch(languageChosen('enrtl'));
    await expect.poll(() => document.documentElement.getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.getAttribute('lang')).toBe('en-US');
    expect(loadPreferences().language).toBe('enrtl');
    // English right to left reads the English texts.
    expect(i18n.t('nav.home')).toBe('Home');

    store.dispatch(languageChosen('es'));
    await expect.poll(() => document.documentElement.getAttribute('lang')).toBe('es-ES');
    expect(document.documentElement.getAttribute('dir')).toBe('ltr');
    await expect.poll(() => i18n.t('nav.home')).toBe('Inicio');
  });
});
