import { accountScreens } from '../features/account/screens';
import { agentsScreens } from '../features/agents/screens';
import { assistantScreens } from '../features/assistant/screens';
import { contentScreens } from '../features/content/screens';
import { demoSurveysScreens } from '../features/demo-surveys/screens';
import { hmrcConnectionScreens } from '../features/hmrc-connection/screens';
import { paymentsScreens } from '../features/payments/screens';
import { practiceDashboardScreens } from '../features/practice-dashboard/screens';
import { practiceScreens } from '../features/practice/screens';
import { usersScreens } from '../features/users/screens';
import { vatOperationsScreens } from '../features/vat-operations/screens';
import { vatReturnsScreens } from '../features/vat-returns/screens';
import type { ScreenDeclaration } from '../shared/navigation/screens';

/** The main area's home, the app's own screen: composed of several features' cards. */
const homeScreen: ScreenDeclaration = {
  id: 'home',
  path: '/app',
  access: 'anyUser',
  module: 'src/app/pages/DashboardPage.tsx',
  namespaces: [],
  nav: { group: 'overview', order: 10, icon: 'IconHome' },
};

/**
 * Every screen of the main area (docs/reference/product.md §2), as each feature declares it. Plain data, read
 * by the route table, the navigation, the build's preload hints and the browser tests; a new
 * feature's screens are added here.
 */
export const screens: readonly ScreenDeclaration[] = [
  homeScreen,
  ...contentScreens,
  ...practiceDashboardScreens,
  ...vatOperationsScreens,
  ...vatReturnsScreens,
  ...paymentsScreens,
  ...assistantScreens,
  ...hmrcConnectionScreens,
  ...practiceScreens,
  ...agentsScreens,
  ...usersScreens,
  ...demoSurveysScreens,
  ...accountScreens,
];
