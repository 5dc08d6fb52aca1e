import { describe, expect, it } from 'vitest';
import { i18n, initI18n, preloadNamespaces } from './i18n';

describe('translations a page asks for before i18next has started', () => {
  it('are loaded once it starts, and the page is told then', async () => {
    const preloaded = preloadNamespaces(['home']);
    expect(i18n.isInitialized).toBeFalsy();
    await initI18n('en');
    await preloaded;
    expect(i18n.hasLoadedNamespace('home')).toBe(true);
    expect(i18n.t('home:heroTitle')).toBe('Prepare, check and submit UK VAT returns under Making Tax Digital');
  });
});
