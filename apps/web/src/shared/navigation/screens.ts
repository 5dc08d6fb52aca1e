import type { AccessPresetName } from '@vatwise/domain';

/**
 * What a screen of the main area is, as its feature declares it in `features/<name>/screens.ts`.
 * Plain data only (no React, no bundler): the route table, the navigation, the build's preload
 * hints (vite.config.ts) and the browser tests' route lists are all made from these declarations.
 */

/** The main area's base path (docs/reference/product.md §2 leaves its constant unnamed). */
export const APP_BASE = '/app';

/** The navigation's groups, in the order it shows them. */
export const navGroupKeys = ['overview', 'vat', 'hmrc', 'admin'] as const;
export type NavGroupKey = (typeof navGroupKeys)[number];

export interface ScreenDeclaration {
  /** The screen's id; a screen in the navigation is titled `nav.<id>` in common.json. */
  id: string;
  /** The full route path, below APP_BASE (a `:name` segment matches any one segment). */
  path: string;
  /** Who may open it: a preset of the domain's access presets, also used by the server's routes. */
  access: AccessPresetName;
  /**
   * The page's module, from the web app's root (`src/features/...Page.tsx`): the router loads it
   * lazily and the build preloads its chunk on a signed-in page of this path.
   */
  module: string;
  /** The module's export that is the page, when it is not the default export. */
  export?: string;
  /** Fixed props the page is given (one module can serve several screens). */
  props?: Readonly<Record<string, string>>;
  /** The translation namespaces the page reads, fetched beside its chunk. */
  namespaces: readonly string[];
  /** Where the navigation lists it (a screen without this is reached from another screen). */
  nav?: {
    group: NavGroupKey;
    /** Its place in the group, smaller first. */
    order: number;
    /** A Tabler icon's name, as ScreenIcon knows it (`IconHome`). */
    icon: string;
  };
}

/** A screen the navigation lists. */
export interface NavItem {
  /** Translation key under nav.* and the screen's id. */
  key: string;
  path: string;
  icon: string;
  access: AccessPresetName;
}

export interface NavGroup {
  key: NavGroupKey;
  items: NavItem[];
}

/**
 * Whether the navigation marks `item` as the screen at `pathname`: its own path or one below it,
 * never a sibling whose path merely starts alike (/app/practice is not /app/practice-dashboard).
 */
export function isNavItemActive(item: Pick<NavItem, 'path'>, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (item.path === APP_BASE) return path === APP_BASE;
  return path === item.path || path.startsWith(`${item.path}/`);
}
