import { Role } from '@vatwise/domain';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import AgentsPage from '../features/agents/AgentsPage';
import GrantAuthorityPage from '../features/hmrc-connection/GrantAuthorityPage';
import VatOperationsPage from '../features/vat-operations/VatOperationsPage';
import VatSubmissionsPage from '../features/vat-returns/pages/VatSubmissionsPage';
import { initI18n } from '../shared/i18n/i18n';
import { fakeServer } from '../test/fake-server';
import { renderPage } from '../test/render-page';
import { userRecord } from '../test/users';

const demoted = userRecord({ id: 'u2', email: 'junior@example.com', name: 'Junior', role: Role.Guest });

describe('an account demoted to Guest', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sees on Grant Authority what Guests can and cannot do, and whom to ask', async () => {
    fakeServer({ '/api/me': { body: { user: demoted } } });
    renderPage(<GrantAuthorityPage />, '/app/grant-authority');
    const panel = await screen.findByTestId('guest-role-panel');
    expect(panel).toHaveTextContent('Your account has the Guest role');
    expect(panel).toHaveTextContent('As a Guest you can read');
    expect(panel).toHaveTextContent('You cannot connect businesses to HMRC, grant authority');
    expect(panel).toHaveTextContent('ask the owner or an administrator of your VAT Wise account');
    // Not the prompt to sign in: this user is signed in.
    expect(screen.queryByTestId('guest-prompt')).not.toBeInTheDocument();
  });

  it.each([
    ['VAT Operations', <VatOperationsPage key="operations" />],
    ['VAT Submissions', <VatSubmissionsPage key="submissions" />],
  ])('sees the same panel on %s instead of an empty screen', async (_name, page) => {
    fakeServer({ '/api/me': { body: { user: demoted } } });
    renderPage(page);
    expect(await screen.findByTestId('guest-role-panel')).toHaveTextContent('Your account has the Guest role');
    expect(screen.queryByText('Connect a business first')).not.toBeInTheDocument();
  });

  it('sees it on Agents, beside the agents’ status', async () => {
    fakeServer({ '/api/me': { body: { user: demoted } }, '/api/agents/statuses': { body: [] } });
    renderPage(<AgentsPage />);
    expect(await screen.findByTestId('guest-role-panel')).toBeInTheDocument();
  });

  it('is not shown to someone who is not signed in: they are asked to sign in', async () => {
    fakeServer({ '/api/me': { body: { user: null } } });
    renderPage(<GrantAuthorityPage />, '/app/grant-authority');
    expect((await screen.findAllByTestId('guest-prompt')).length).toBeGreaterThan(0);
    expect(screen.queryByTestId('guest-role-panel')).not.toBeInTheDocument();
  });
});
