import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { renderPage } from '../../../test/render-page';
import { type FakeAnswers, fakeServer } from '../../../test/fake-server';
import RegisterPage from './RegisterPage';

const renderRegister = () => renderPage(<RegisterPage />, '/user/register?redirectTo=%2Fapp%2Fvat-operations');

async function fillAndSend() {
  fireEvent.change(await screen.findByRole('textbox', { name: /Name/ }), { target: { value: 'Owner' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Email address/ }), { target: { value: 'owner@example.com' } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'Correct-Horse-Battery-9' } });
  fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the register page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says to check the email when the server asks for the address to be proved, and shows no form', async () => {
    const answers: FakeAnswers = {
      '/api/auth/sign-up/email': { body: { token: null, user: { id: 'u1', email: 'owner@example.com' } } },
      '/api/me': { body: { user: null } },
    };
    const requests = fakeServer(answers);
    const fetchMock = vi.mocked(globalThis.fetch);
    renderRegister();
    await fillAndSend();
    expect(await screen.findByTestId('register-check-email')).toHaveTextContent(
      'a message to owner@example.com has the link to finish creating your account',
    );
    expect(screen.queryByRole('button', { name: 'Create account' })).not.toBeInTheDocument();
    // The link brings the owner back to where they were going.
    const sent = fetchMock.mock.calls.map(([request]) => request as Request);
    const signUp = sent.find((request) => new URL(request.url).pathname === '/api/auth/sign-up/email');
    expect(await signUp?.clone().json()).toMatchObject({
      email: 'owner@example.com',
      callbackURL: '/app/vat-operations',
    });
    expect(requests.some((url) => url.pathname === '/api/me')).toBe(false);
  });
});
