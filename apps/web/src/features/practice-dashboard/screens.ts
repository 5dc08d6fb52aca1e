import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const practiceDashboardScreens: readonly ScreenDeclaration[] = [
  {
    // Every business at once (not in the product reference's list of screens).
    id: 'practiceDashboard',
    path: '/app/practice-dashboard',
    access: 'accountHolders',
    module: 'src/features/practice-dashboard/PracticeDashboardPage.tsx',
    namespaces: ['practiceDashboard', 'practiceClients'],
    nav: { group: 'vat', order: 10, icon: 'IconLayoutDashboard' },
  },
];
