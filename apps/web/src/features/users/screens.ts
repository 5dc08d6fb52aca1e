import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const usersScreens: readonly ScreenDeclaration[] = [
  {
    id: 'userManagement',
    path: '/app/user-management',
    access: 'adminsOnly',
    module: 'src/features/users/UserManagementPage.tsx',
    namespaces: [],
    nav: { group: 'admin', order: 40, icon: 'IconUsers' },
  },
];
