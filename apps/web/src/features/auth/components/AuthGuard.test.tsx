import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { type UserRecord } from '@vatwise/domain';
import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, Link, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { dynamicMiddleware, rootReducer } from '../../../shared/store/root';
import { anyUser } from '../access';
import { AuthGuard } from './AuthGuard';
import { userRecord } from '../../../test/users';

const editor = userRecord();

function SignIn() {
  const location = useLocation();
  const state = location.state as { reason?: string } | null;
  return (
    <p data-testid="sign-in">
      {location.pathname + location.search} {state?.reason ?? ''}
    </p>
  );
}

describe('a session that ends while the user is on a page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes to sign-in with the page to return to, saying the session ended', async () => {
    let user: UserRecord | null = editor;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } })),
    );
    const store = configureStore({
      reducer: rootReducer,
      middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
    });
    const router = createMemoryRouter(
      [
        {
          // As in the main layout: one guard around every page of the main area.
          element: (
            <AuthGuard>
              <Outlet />
            </AuthGuard>
          ),
          children: [
            {
              path: '/app',
              handle: { access: anyUser },
              element: <Link to="/app/vat-operations?vrn=101747696">VAT Operations</Link>,
            },
            { path: '/app/vat-operations', handle: { access: anyUser }, element: <p>VAT Operations page</p> },
          ],
        },
        { path: '/user/login', element: <SignIn /> },
      ],
      { initialEntries: ['/app'] },
    );
    render(
      <Provider store={store}>
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>
      </Provider>,
    );
    expect(await screen.findByRole('link', { name: 'VAT Operations' })).toBeInTheDocument();
    // The session ends on the server; the next page's check finds nobody.
    user = null;
    await act(() => router.navigate('/app/vat-operations?vrn=101747696'));
    expect(await screen.findByTestId('sign-in')).toHaveTextContent(
      '/user/login?redirectTo=%2Fapp%2Fvat-operations%3Fvrn%3D101747696 session-ended',
    );
  });
});
