import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const hmrcConnectionScreens: readonly ScreenDeclaration[] = [
  {
    id: 'grantAuthority',
    path: '/app/grant-authority',
    access: 'anyUser',
    module: 'src/features/hmrc-connection/GrantAuthorityPage.tsx',
    namespaces: ['hmrc'],
    nav: { group: 'hmrc', order: 10, icon: 'IconKey' },
  },
  {
    // A tax agent's clients (not in the product reference's list of screens).
    id: 'clients',
    path: '/app/clients',
    access: 'anyUser',
    module: 'src/features/hmrc-connection/ClientsPage.tsx',
    namespaces: ['hmrc'],
    nav: { group: 'hmrc', order: 20, icon: 'IconAddressBook' },
  },
  {
    id: 'createUser',
    path: '/app/create-user',
    access: 'anyUser',
    module: 'src/features/hmrc-connection/CreateUserPage.tsx',
    namespaces: ['hmrc'],
    nav: { group: 'hmrc', order: 30, icon: 'IconUserPlus' },
  },
  {
    id: 'authorisationUser',
    path: '/app/authorisation-user',
    access: 'anyUser',
    module: 'src/features/hmrc-connection/AuthorisationUserPage.tsx',
    namespaces: ['hmrc'],
    nav: { group: 'hmrc', order: 40, icon: 'IconUserCheck' },
  },
];
