import { fireEvent, screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionEndedRedirect } from './SessionEndedRedirect';
import { initI18n } from '../shared/i18n/i18n';
import { fakeServer } from '../test/fake-server';
import { renderPage } from '../test/render-page';
import LoginPage from '../features/auth/pages/LoginPage';
import { userRecord } from '../test/users';

const accountant = userRecord();

/** Where the app went after signing in. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{location.pathname + location.search}</p>;
}

function renderLogin(path: string) {
  renderPage(
    <Routes>
      <Route path="/login" element={<SessionEndedRedirect />} />
      <Route path="/user/login" element={<LoginPage />} />
      <Route path="*" element={<Landed />} />
    </Routes>,
    path,
  );
}

async function signIn() {
  fakeServer({
    '/api/auth/sign-in/email': { body: { user: { id: 'u1' } } },
    '/api/me': { body: { user: accountant } },
  });
  fireEvent.change(await screen.findByRole('textbox', { name: /Email address/ }), {
    target: { value: 'accountant@example.com' },
  });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Correct-Horse-Battery-9' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return (await screen.findByTestId('landed')).textContent;
}

describe('signing in again after the session expired', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says the session ended and takes the user back to the page they were on, with its query', async () => {
    renderLogin('/login?redirectTo=%2Fapp%2Fvat-operations%3Fvrn%3D101747696');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    expect(await signIn()).toBe('/app/vat-operations?vrn=101747696');
  });

  it.each(['//evil.example/app', 'https://evil.example/app', '/\\evil.example'])(
    'goes to the main area, not to %s',
    async (target) => {
      renderLogin(`/login?redirectTo=${encodeURIComponent(target)}`);
      expect(await signIn()).toBe('/app');
    },
  );
});
