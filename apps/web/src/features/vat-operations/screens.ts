import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const vatOperationsScreens: readonly ScreenDeclaration[] = [
  {
    id: 'vatOperations',
    path: '/app/vat-operations',
    access: 'anyUser',
    module: 'src/features/vat-operations/VatOperationsPage.tsx',
    namespaces: ['vatOperations', 'payments'],
    nav: { group: 'vat', order: 20, icon: 'IconBuildingBank' },
  },
];
