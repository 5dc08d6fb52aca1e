import { screens } from './screens';

/** Screens' modules (paths from the web app's root) and the translation namespaces they read, by route path. */
export type PageModules = Readonly<Record<string, { module: string; namespaces: readonly string[] }>>;

/**
 * Each main-area screen's module and the translation namespaces it reads, by route path (a
 * `:name` segment matches any one segment), from the screens' declarations (app/screens.ts). The
 * build's preload hints (vite.config.ts) turn each module into the chunks the server announces in
 * a signed-in page for that path, so the screen's code downloads beside the entry chunk instead of
 * after the entry chunk has run.
 */
export const mainAreaPages: PageModules = Object.fromEntries(
  screens.map((screen) => [screen.path, { module: screen.module, namespaces: screen.namespaces }]),
);
