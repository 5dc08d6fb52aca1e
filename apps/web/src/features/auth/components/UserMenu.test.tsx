import { fireEvent, screen } from '@testing-library/react';
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

  it('says a user outside any practice works on their own businesses', async () => {
    fakeServer({ '/api/me': { body: { user } } });
    renderPage(<UserMenu />);
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu for Ana Owner' }));
    expect(await screen.findByTestId('user-workspace')).toHaveTextContent('Working on your own businesses');
    expect(screen.queryByTestId('header-practice')).not.toBeInTheDocument();
  });
});
