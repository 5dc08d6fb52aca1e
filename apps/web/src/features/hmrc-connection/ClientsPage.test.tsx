import type { ClientRequest, ClientRequestList } from '@vatwise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import { ClientRequestForm } from './components/ClientRequestForm';
import { ClientRequests } from './components/ClientRequests';

const agent = { userId: 'agent-1', arn: 'XARN1234567', name: 'Bright Accountants' };
const pending: ClientRequest = {
  id: '11111111-1111-4111-8111-111111111111',
  vrn: '101747696',
  clientName: 'Corner Shop',
  registrationDate: '2007-05-18',
  status: 'pending',
  agentUserId: 'agent-1',
  arn: 'XARN1234567',
  link: 'http://localhost:3000/hmrc-sandbox/agent-client-relationships/appoint-someone-to-deal-with-HMRC-for-you/ABC/bright/vat',
  expiresOn: '2026-12-15',
  sentAt: '2026-11-24T10:00:00.000Z',
  answeredAt: null,
  businessConnected: false,
};
const listOf = (requests: ClientRequest[], agents = [agent]): ClientRequestList => ({
  agents,
  requests,
  checkedAt: '2026-11-24T10:00:00.000Z',
});
const bodyOf = async (fetchMock: ReturnType<typeof vi.mocked<typeof fetch>>, call: number) =>
  (await (fetchMock.mock.calls[call]?.[0] as Request).clone().json()) as unknown;

describe('an agent’s clients', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends a user without an agent services account to Grant Authority', async () => {
    fakeServer({ '/api/client_requests': { body: listOf([], []) } });
    renderPage(<ClientRequestForm />);
    expect(await screen.findByTestId('no-agent-authority')).toHaveTextContent(
      'Connect your agent services account first',
    );
    expect(screen.getByRole('link', { name: 'Go to Grant Authority' })).toHaveAttribute('href', '/app/grant-authority');
    expect(screen.queryByRole('button', { name: 'Ask for authority' })).not.toBeInTheDocument();
  });

  it('checks the VRN and date before asking HMRC, then shows the client’s link to copy or email', async () => {
    fakeServer({
      'GET /api/client_requests': { body: listOf([]) },
      'POST /api/client_requests': { status: 201, body: pending },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    renderPage(<ClientRequestForm />);
    const vrn = await screen.findByRole('textbox', { name: /Client's VAT registration number/ });
    fireEvent.change(vrn, { target: { value: '101747697' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for authority' }));
    expect(await screen.findByText(/check digits do not match/)).toBeInTheDocument();
    expect(screen.getByText("Enter the client's VAT registration date.")).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1); // the list only: nothing was sent

    fireEvent.change(vrn, { target: { value: 'GB 101 7476 96' } });
    fireEvent.change(screen.getByLabelText(/Client's VAT registration date/), { target: { value: '18/05/2007' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Client name/ }), { target: { value: 'Corner Shop' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask for authority' }));

    const sent = await screen.findByTestId('client-link');
    expect(await bodyOf(fetchMock, 1)).toEqual({
      userId: 'agent-1',
      vrn: '101747696',
      registrationDate: '2007-05-18',
      name: 'Corner Shop',
    });
    expect(within(sent).getByTestId('client-link-url')).toHaveTextContent(pending.link ?? '');
    expect(sent).toHaveTextContent('the link works until 15 Dec 2026');
    const email = within(sent).getByRole('link', { name: 'Email to client' });
    expect(decodeURIComponent(email.getAttribute('href') ?? '')).toContain(pending.link ?? '');
  });

  it('cancels a waiting request only once the agent confirms', async () => {
    const cancelled = { ...pending, status: 'cancelled' as const, link: null, answeredAt: '2026-11-24T11:00:00.000Z' };
    fakeServer({
      'GET /api/client_requests': { body: listOf([pending]) },
      'GET /api/sandbox_users': { body: { sandboxUsers: [] } },
      [`POST /api/client_requests/${pending.id}/cancel`]: { body: listOf([cancelled]) },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    renderPage(<ClientRequests />);
    const card = await screen.findByTestId('client-request');
    expect(within(card).getByTestId('client-request-status')).toHaveTextContent('Waiting for client');
    expect(card).toHaveTextContent('VRN 101 7476 96 · agent XARN1234567');

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Keep it' }));
    expect(fetchMock.mock.calls.filter(([request]) => (request as Request).method === 'POST')).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Cancel request' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() => expect(fetchMock.mock.calls.map(([request]) => (request as Request).method)).toContain('POST'));
    expect(await screen.findByText('Cancelled')).toBeInTheDocument();
  });

  it('shows an ended authority once, earlier requests folded, and asks the client again in one click', async () => {
    const ended: ClientRequest = {
      ...pending,
      status: 'ended',
      link: null,
      answeredAt: '2026-11-20T10:00:00.000Z',
      businessConnected: true,
      earlier: [
        {
          id: '22222222-2222-4222-8222-222222222222',
          status: 'expired',
          sentAt: '2026-01-02T10:00:00.000Z',
          answeredAt: null,
        },
      ],
    };
    fakeServer({
      'GET /api/client_requests': { body: listOf([ended]) },
      'GET /api/sandbox_users': { body: { sandboxUsers: [] } },
      [`POST /api/client_requests/${ended.id}/ask_again`]: {
        status: 201,
        body: { ...pending, id: '33333333-3333-4333-8333-333333333333' },
      },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    renderPage(<ClientRequests />);
    const card = await screen.findByTestId('client-request');
    expect(screen.getAllByTestId('client-request')).toHaveLength(1);
    expect(within(card).getByTestId('client-request-status')).toHaveTextContent('Authority ended');
    expect(within(card).getByTestId('client-authority-ended')).toHaveTextContent('Ask them again');
    expect(card).toHaveTextContent('1 earlier request');
    expect(within(card).queryByRole('button', { name: 'Open in VAT Operations' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'End authority' })).not.toBeInTheDocument();

    fireEvent.click(within(card).getByRole('button', { name: 'Ask again' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([request]) => (request as Request).url)).toContainEqual(
        expect.stringContaining(`/api/client_requests/${ended.id}/ask_again`),
      ),
    );
  });

  it('shows the test client’s sign-in next to that client while the request waits', async () => {
    const testClient = {
      userId: 'client-user-1',
      password: 'secret-pass-1',
      userType: 'Organisation',
      userFullName: 'Corner Shop Owner',
      emailAddress: 'shop@example.com',
      vrn: pending.vrn,
      organisationName: 'Corner Shop',
      agentServicesAccountNumber: null,
      vatRegistrationDate: pending.registrationDate,
      createdAt: '2026-11-24T09:00:00.000Z',
      authorisation: null,
    };
    fakeServer({
      'GET /api/client_requests': { body: listOf([pending]) },
      'GET /api/sandbox_users': { body: { sandboxUsers: [testClient] } },
    });
    renderPage(<ClientRequests />);
    const signIn = await screen.findByTestId('test-client-sign-in');
    expect(within(signIn).getByTestId('test-client-user-id')).toHaveTextContent('client-user-1');
    expect(within(signIn).getByTestId('test-client-password')).toHaveTextContent('secret-pass-1');
    expect(screen.getByTestId('client-request')).toContainElement(signIn);
  });
});
