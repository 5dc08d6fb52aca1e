import type { PageModules } from './main-area-pages';

/**
 * The public pages' modules and the translation namespaces they read, by path, as mainAreaPages
 * is for the main area: the build turns each into the chunks the server announces with that page,
 * to anyone, so a first visit's page downloads beside the entry chunk instead of after it has run.
 */
export const publicPages: PageModules = {
  '/': { module: 'src/features/content/components/VisitorHomePage.tsx', namespaces: ['home'] },
  '/privacy-policy': { module: 'src/features/content/components/ContentPage.tsx', namespaces: ['privacy'] },
  '/terms-of-use': { module: 'src/features/content/components/ContentPage.tsx', namespaces: ['terms'] },
  '/accessibility': { module: 'src/features/content/components/ContentPage.tsx', namespaces: ['accessibility'] },
  '/approve/:token': {
    module: 'src/features/vat-returns/client-approval/ClientApprovalPage.tsx',
    namespaces: ['vatReturns', 'clientApproval'],
  },
  '/user/login': { module: 'src/features/auth/pages/LoginPage.tsx', namespaces: [] },
  '/user/register': { module: 'src/features/auth/pages/RegisterPage.tsx', namespaces: [] },
  '/user/forgot-password': { module: 'src/features/auth/pages/ForgotPasswordPage.tsx', namespaces: [] },
  '/user/reset-password': { module: 'src/features/auth/pages/ResetPasswordPage.tsx', namespaces: [] },
};
