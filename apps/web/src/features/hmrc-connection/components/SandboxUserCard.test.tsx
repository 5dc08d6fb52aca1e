import type { SandboxUser, UserRecord } from '@vatwise/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { userRecord } from '../../../test/users';
import { SandboxUserCard } from './SandboxUserCard';

const testClient: SandboxUser = {
  userId: 'client-user-1',
  password: 'secret-pass-1',
  userType: 'Organisation',
  userFullName: 'Noah Jones',
  emailAddress: 'shop@example.com',
  vrn: '101747696',
  organisationName: 'Corner Shop',
  agentServicesAccountNumber: null,
  vatRegistrationDate: '2007-05-18',
  createdAt: '2026-11-24T09:00:00.000Z',
  authorisation: null,
};
const alone = userRecord({ id: 'user-ana', email: 'ana@example.com', name: 'Ana', role: 2, practice: null });
const inPractice: UserRecord = { ...alone, practice: { id: 'org-1', name: 'Jones & Co', role: 'owner' } };

describe('a test client on Grant Authority', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('in a practice, sends the agent to Clients and labels authorising here as connecting the business itself', async () => {
    fakeServer({ '/api/me': { body: { user: inPractice } } });
    renderPage(<SandboxUserCard user={testClient} />);
    expect(await screen.findByTestId('client-in-practice')).toHaveTextContent('answering its request');
    expect(screen.getByRole('link', { name: 'Ask for authority on Clients' })).toHaveAttribute('href', '/app/clients');
    expect(screen.getByRole('button', { name: 'Connect directly as this business (not as its agent)' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Authorise' })).not.toBeInTheDocument();
  });

  it('working alone, is authorised as before', async () => {
    fakeServer({ '/api/me': { body: { user: alone } } });
    renderPage(<SandboxUserCard user={testClient} />);
    expect(await screen.findByRole('button', { name: /Authorise/ })).toBeVisible();
    expect(screen.queryByTestId('client-in-practice')).not.toBeInTheDocument();
  });
});

describe("the practice's agent services account on Grant Authority", () => {
  const agentAccount: SandboxUser = {
    ...testClient,
    userId: 'agent-user-1',
    userType: 'Agent',
    vrn: null,
    organisationName: 'Jones & Co Agents',
    agentServicesAccountNumber: 'XARN1234567',
    vatRegistrationDate: null,
  };
  const as = (role: 'owner' | 'reviewer'): UserRecord => ({
    ...alone,
    practice: { id: 'org-1', name: 'Jones & Co', role },
  });

  beforeAll(async () => {
    await initI18n('en');
  });

  it('offers a reviewer neither authorising it nor deleting it (the server refuses both)', async () => {
    fakeServer({ '/api/me': { body: { user: as('reviewer') } } });
    renderPage(<SandboxUserCard user={agentAccount} />);
    expect(await screen.findByTestId('sandbox-user-arn')).toBeVisible();
    // Hidden once the signed-in user (a reviewer) is known.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Authorise/ })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('offers its owner both', async () => {
    fakeServer({ '/api/me': { body: { user: as('owner') } } });
    renderPage(<SandboxUserCard user={agentAccount} />);
    expect(await screen.findByRole('button', { name: /Authorise/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeVisible();
  });
});
