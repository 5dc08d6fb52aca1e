import type { ClientApprovalPage as PageData } from '@vatwise/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import ClientApprovalPage from './ClientApprovalPage';

const data: PageData = {
  practiceName: 'Tally & Co',
  businessName: 'Bright Bakery Ltd',
  vrn: '123456789',
  periodStart: '2026-01-01',
  periodEnd: '2026-03-31',
  due: '2026-05-07',
  boxes: {
    box1: 20_000,
    box2: 0,
    box3: 20_000,
    box4: 5_000,
    box5: 15_000,
    box6: 100_000,
    box7: 25_000,
    box8: 0,
    box9: 0,
  },
  fingerprint: 'f'.repeat(64),
  expiresAt: '2026-12-15T10:00:00Z',
};

const open = () =>
  renderPage(
    <Routes>
      <Route path="/approve/:token" element={<ClientApprovalPage />} />
    </Routes>,
    '/approve/the-token',
  );

describe("the client's approval page", () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the return, asks for a name and the tick, and approves the figures it showed', async () => {
    fakeServer({
      'GET /api/client_approval/the-token': { body: data },
      'POST /api/client_approval/the-token/approve': { body: { state: 'approved', at: '2026-12-01T10:00:00Z' } },
    });
    open();
    expect(await screen.findByTestId('client-business')).toHaveTextContent('Bright Bakery Ltd');
    expect(screen.getByTestId('client-box-5')).toHaveTextContent('£150.00');
    fireEvent.click(screen.getByRole('button', { name: 'Approve these figures' }));
    expect(await screen.findByText('Type your name.')).toBeInTheDocument();
    expect(screen.getByText('Tick the box to say the figures are right.')).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /Your full name/ }), { target: { value: 'Clara Client' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /I approve it as correct and complete/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Approve these figures' }));
    expect(await screen.findByTestId('client-answer-recorded')).toHaveTextContent('your approval is recorded');
    const call = vi.mocked(globalThis.fetch).mock.calls.find(([request]) => (request as Request).method === 'POST');
    expect(await (call?.[0] as Request).clone().json()).toEqual({
      name: 'Clara Client',
      fingerprint: data.fingerprint,
      confirmed: true,
    });
  });

  it('says why a link no longer works', async () => {
    fakeServer({
      'GET /api/client_approval/the-token': {
        status: 410,
        body: {
          code: 'CLIENT_LINK_EXPIRED',
          message: 'This approval link has expired: ask your accountant for a new one.',
        },
      },
    });
    open();
    await waitFor(() =>
      expect(screen.getByTestId('client-approval-error')).toHaveTextContent('This approval link has expired'),
    );
    expect(screen.queryByRole('button', { name: 'Approve these figures' })).not.toBeInTheDocument();
  });
});
