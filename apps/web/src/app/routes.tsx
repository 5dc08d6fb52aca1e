import type { ComponentType } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { PageLoader } from '../shared/ui/PageLoader';
import { mainLayoutNamespaces } from './layout/main-layout-namespaces';
import { PublicLayout } from './layout/PublicLayout';
import { lazyPage } from './lazy-page';
import type { PageModules } from './main-area-pages';
import { publicPages } from './public-pages';
import type { ContentPageNamespace } from '../features/content/content-types';
import { APP_BASE } from '../shared/navigation/screens';
import { screenRoute } from './screen-routes';
import { screens } from './screens';
import { RouteErrorPage } from './RouteErrorPage';
import { SessionEndedRedirect } from './SessionEndedRedirect';

/** A lazy page whose module's default export is the page, with the translation namespaces it reads. */
const page = (load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[] = []) =>
  lazyPage(load, (module) => module.default, namespaces);

/** The namespaces of a page listed in `pages` (which also tells the build what to preload). */
function namespacesIn(pages: PageModules, path: string): readonly string[] {
  const screen = pages[path];
  if (!screen) throw new Error(`No page ${path} in the preload table`);
  return screen.namespaces;
}
const publicNamespaces = (path: string) => namespacesIn(publicPages, path);

/** A lazy page given fixed props: one chunk serves every route that shows that component. */
function lazyPageWith<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  props: Props,
  namespaces: readonly string[],
) {
  return lazyPage(
    load,
    (Page) =>
      function BoundPage() {
        return <Page {...props} />;
      },
    namespaces,
  );
}

const contentRoute = (namespace: ContentPageNamespace) =>
  lazyPageWith(() => import('../features/content/components/ContentPage').then((m) => m.ContentPage), { namespace }, [
    namespace,
  ]);

/**
 * Every route of docs/reference/product.md §2. Each layout wraps its pages in a pathless route with the
 * error page, so a failed screen keeps the header and navigation around it.
 */
export const routes: RouteObject[] = [
  {
    element: <Outlet />,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [
              {
                path: '/',
                lazy: page(() => import('../features/content/components/VisitorHomePage'), publicNamespaces('/')),
              },
              { path: '/privacy-policy', lazy: contentRoute('privacy') },
              // What HMRC's terms of use expect approved software to publish beside its privacy policy.
              { path: '/terms-of-use', lazy: contentRoute('terms') },
              { path: '/accessibility', lazy: contentRoute('accessibility') },
              {
                path: '/error',
                lazy: page(() => import('./pages/ErrorPage')),
              },
              {
                path: '/unauthorized',
                lazy: page(() => import('./pages/UnauthorizedPage')),
              },
              {
                path: '/hmrc-callback',
                lazy: page(() => import('../features/hmrc-connection/HmrcCallbackPage'), ['hmrc']),
              },
              {
                // A client's approval of a return, from the link their accountant sent: no account.
                path: '/approve/:token',
                lazy: page(
                  () => import('../features/vat-returns/client-approval/ClientApprovalPage'),
                  publicNamespaces('/approve/:token'),
                ),
              },
              { path: '/user', element: <Navigate to="/user/login" replace /> },
              {
                path: '/user/login',
                lazy: page(() => import('../features/auth/pages/LoginPage'), publicNamespaces('/user/login')),
              },
              {
                path: '/user/register',
                lazy: page(() => import('../features/auth/pages/RegisterPage'), publicNamespaces('/user/register')),
              },
              {
                path: '/user/forgot-password',
                lazy: page(
                  () => import('../features/auth/pages/ForgotPasswordPage'),
                  publicNamespaces('/user/forgot-password'),
                ),
              },
              {
                path: '/user/reset-password',
                lazy: page(
                  () => import('../features/auth/pages/ResetPasswordPage'),
                  publicNamespaces('/user/reset-password'),
                ),
              },
            ],
          },
        ],
      },
      // After a failed token refresh the app hard-redirects here (docs/reference/product.md §4).
      { path: '/login', element: <SessionEndedRedirect /> },
      {
        path: APP_BASE,
        // The main area's navigation is not needed on the landing page, so it loads with /app.
        lazy: lazyPage(
          () => import('./layout/MainLayout'),
          (m) => m.MainLayout,
          mainLayoutNamespaces,
        ),
        children: [
          {
            errorElement: <RouteErrorPage />,
            children: [...screens.map(screenRoute), { path: '*', element: <Navigate to="/error" replace /> }],
          },
        ],
      },
      { path: '*', element: <Navigate to="/error" replace /> },
    ],
  },
];
