import i18next, { type ResourceKey } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { languageLocales, languages } from '@vatwise/domain';
import { isolatedIn } from '../format/bidi';
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

/** i18next's own backend for resources that are modules: each file is imported when first asked for. */
const lazyTranslations = resourcesToBackend(async (language: string, namespace: string) => {
  const load = translationLoader(language, namespace);
  // 'enrtl' has no files of its own: it falls back to English (see fallbackLng).
  return load ? (await load()).default : {};
});

export const i18n = i18next.createInstance();

export async function initI18n(language: Language): Promise<void> {
  initLanguage = language;
  for (const namespace of namespacesBeforeInit) warmTranslations(language, namespace);
  await i18n
    .use(lazyTranslations)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: languageLocales.en.i18next,
      supportedLngs: languages.map((each) => languageLocales[each].i18next),
      ns: ['common'],
      defaultNS: 'common',
      interpolation: interpolationOptions,
      returnNull: false,
      react: { useSuspense: true },
    });
  applyDocumentLanguage(language);
}

/**
 * React escapes what it renders, so i18next need not; its escape hook is used instead to keep each
 * value put into a sentence whole (a VRN, an amount, a date, a reference) in a right-to-left
 * language: every sentence, toast, page title and dialogue line gets this from one place.
 */
const interpolationOptions = {
  escapeValue: true,
  escape: (value: unknown) => isolatedIn(String(value), i18n.language),
};

/** How long a page waits for i18next to start before showing without its translations. */
const translationWaitMs = 10_000;

/** Namespaces asked for before initI18n said which language to fetch. */
const namespacesBeforeInit = new Set<string>();
let initLanguage: string | undefined;

/** Starts downloading a translation file; i18next's own request for it later gets the same module. */
function warmTranslations(language: string, namespace: string): void {
  for (const lng of new Set([language, 'en'])) void translationLoader(lng, namespace)?.().catch(() => undefined);
}

/**
 * Fetches translation namespaces now, or as soon as i18next is set up: the router starts a
 * page's loaders before the first translations have arrived, and their files are downloaded
 * beside them rather than after them.
 */
export function preloadNamespaces(namespaces: readonly string[]): Promise<void> {
  const load = () => i18n.loadNamespaces([...namespaces]);
  if (i18n.isInitialized) return load();
  for (const namespace of namespaces) {
    if (initLanguage) warmTranslations(initLanguage, namespace);
    else namespacesBeforeInit.add(namespace);
  }
  return new Promise<void>((resolve) => {
    const onInitialized = () => {
      i18n.off('initialized', onInitialized);
      clearTimeout(giveUp);
      resolve(load());
    };
    // Should i18next never start, the page still shows (with its keys) rather than wait forever.
    const giveUp = setTimeout(() => {
      i18n.off('initialized', onInitialized);
      resolve();
    }, translationWaitMs);
    i18n.on('initialized', onInitialized);
  });
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
