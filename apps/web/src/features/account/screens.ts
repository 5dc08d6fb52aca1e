import type { ScreenDeclaration } from '../../shared/navigation/screens';

/** The user's own account, reached from the user menu. */
export const accountScreens: readonly ScreenDeclaration[] = [
  {
    id: 'account',
    path: '/app/account',
    access: 'accountHolders',
    module: 'src/features/account/AccountPage.tsx',
    namespaces: [],
  },
];
