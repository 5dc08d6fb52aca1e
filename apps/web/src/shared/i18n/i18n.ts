import i18next, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Language, directionOf, htmlLangOf } from '../theme/preferences';

/**
 * Every translation file is `<somewhere>/locales/<language>/<namespace>.json`. Each is its
 * own chunk, fetched when a screen first needs its namespace, so `/` does not download the
 * whitepaper in two languages.
 */
const translationFiles = import.meta.glob<{ default: ResourceKey }>('../../**/locales/*/*.json');

export function translationLoader(language: string, namespace: string) {
  const suffix = `/locales/${language}/${namespace}.json`;
  return Object.entries(translationFiles).find(([file]) => file.endsWith(suffix))?.[1];
}

const lazyTranslations: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    const load = translationLoader(language, namespace);
    // 'enrtl' has no files of its own: it falls back to 'en' (see fallbackLng).
    if (!load) return callback(null, {});
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export const i18n = i18next.createInstance();

export async function initI18n(language: Language): Promise<void> {
  await i18n
    .use(lazyTranslations)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: ['en', 'es', 'enrtl'],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
}

/** Keeps the page's lang and dir attributes in step with the chosen language. */
export function applyDocumentLanguage(language: Language, root: HTMLElement = document.documentElement): void {
  root.setAttribute('lang', htmlLangOf(language));
  root.setAttribute('dir', directionOf(language));
}

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  applyDocumentLanguage(language);
}
