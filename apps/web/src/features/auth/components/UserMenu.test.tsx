import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { UserMenu } from './UserMenu';
import { userRecord } from '../../../test/users';

const user = userRecord({ id: 'user-ana', email: 'ana@bright.example', name: 'Ana Owner', role: 2, practice: null });

describe('the user menu', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the practice the user works in, under their name and in the menu', async () => {
    fakeServer({
      '/api/me': {
        body: { user: { ...user, practice: { id: 'org-1', name: 'Bright Accountants', role: 'reviewer' } } },
      },
    });
    renderPage(<UserMenu />);
    // The plain button: the menu's code loads when the user reaches for it, and a press opens it at once.
    const button = await screen.findByRole('button', { name: 'Account menu for Ana Owner' });
    const inHeader = screen.getByRole('link', { name: 'Working in Bright Accountants: practice and team' });
    expect(inHeader).toHaveTextContent('Bright Accountants');
    expect(inHeader).toHaveAttribute('href', '/app/practice');
    fireEvent.click(button);
    expect(await screen.findByTestId('user-workspace')).toHaveTextContent('Working in Bright Accountants as Reviewer');
    // In jsdom the open dropdown still counts as hidden (it never became visible within 5 s).
    expect(screen.getByRole('menuitem', { name: 'Practice and team', hidden: true })).toHaveAttribute(
      'href',
      '/app/practice',
    );
  });

  it('opens when pressed before its menu code has loaded, and gives the focus back to its button on Escape', async () => {
    // The browser never idle: the plain button stays until pressed.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    fakeServer({ '/api/me': { body: { user } } });
    renderPage(<UserMenu />);
    const plain = await screen.findByRole('button', { name: 'Account menu for Ana Owner' });
    expect(plain).not.toHaveAttribute('aria-haspopup');
    plain.focus();
    fireEvent.click(plain);
    expect(await screen.findByTestId('user-workspace')).toHaveTextContent('Working on your own businesses');
    const button = screen.getByRole('button', { name: 'Account menu for Ana Owner', hidden: true });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // Closed with Escape, the menu gives the focus back to its button, as if it had always been there.
    fireEvent.keyDown(screen.getByRole('menu', { hidden: true }), { key: 'Escape' });
    await waitFor(() => expect(button).toHaveAttribute('aria-expanded', 'false'));
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('says a user outside any practice works on their own businesses', async () => {
    fakeServer({ '/api/me': { body: { user } } });
    renderPage(<UserMenu />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ana Owner' }));
    expect(await screen.findByTestId('user-workspace')).toHaveTextContent('Working on your own businesses');
    expect(screen.queryByTestId('header-practice')).not.toBeInTheDocument();
  });
});
