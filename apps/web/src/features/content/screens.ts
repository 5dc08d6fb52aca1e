import type { ScreenDeclaration } from '../../shared/navigation/screens';

/** The content pages of the main area, each a translation namespace of this feature. */
export const contentPages = ['about', 'mission', 'vision', 'technology', 'security', 'whitepaper'] as const;

const icons: Record<(typeof contentPages)[number], string> = {
  about: 'IconInfoCircle',
  mission: 'IconTarget',
  vision: 'IconEye',
  technology: 'IconCpu',
  security: 'IconShieldLock',
  whitepaper: 'IconBook',
};

/** One page module draws them all, given the page's namespace; anyone may read them. */
export const contentScreens: readonly ScreenDeclaration[] = contentPages.map((namespace, index) => ({
  id: namespace,
  path: `/app/${namespace}`,
  access: 'everyone',
  module: 'src/features/content/components/ContentPage.tsx',
  export: 'ContentPage',
  props: { namespace },
  namespaces: [namespace],
  // After Home, which the app's own screens put first.
  nav: { group: 'overview', order: 20 + index * 10, icon: icons[namespace] },
}));
