import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { accessPresets } from '@vatwise/domain';
import { APP_BASE, type ScreenDeclaration } from '../shared/navigation/screens';
import { lazyPage } from './lazy-page';

type PageModule = Record<string, ComponentType<Record<string, string>> | undefined>;

/**
 * Every module that can be a screen's page, each a lazy chunk of its own, keyed by its path from
 * the web app's root: a screen's declared `module` is found here, so its path is written once.
 * A screen's page is a `*Page.tsx` file of a feature or of app/pages.
 */
const pageModules = import.meta.glob<PageModule>([
  '/src/app/pages/*Page.tsx',
  '/src/features/**/*Page.tsx',
  '!**/*.test.tsx',
]);

/** The modules a declared screen may name (for the test that every declaration is loadable). */
export const pageModulePaths = Object.keys(pageModules).map((key) => key.slice(1));

/** A screen's lazy route below the main area, with the access its declaration names. */
export function screenRoute(screen: ScreenDeclaration): RouteObject {
  const load = pageModules[`/${screen.module}`];
  if (!load) throw new Error(`Screen ${screen.id}: no page module ${screen.module} (a *Page.tsx file)`);
  if (screen.path !== APP_BASE && !screen.path.startsWith(`${APP_BASE}/`)) {
    throw new Error(`Screen ${screen.id}: ${screen.path} is not below ${APP_BASE}`);
  }
  const exportName = screen.export ?? 'default';
  const lazy = lazyPage(
    load,
    (module) => {
      const Page = module[exportName];
      if (!Page) throw new Error(`${screen.module} has no export ${exportName}`);
      const props = screen.props;
      if (!props) return Page;
      // One chunk serves every screen that shows this page with other props.
      return function BoundPage() {
        return <Page {...props} />;
      };
    },
    screen.namespaces,
  );
  const handle = { access: accessPresets[screen.access] };
  return screen.path === APP_BASE
    ? { index: true, handle, lazy }
    : { path: screen.path.slice(APP_BASE.length + 1), handle, lazy };
}
