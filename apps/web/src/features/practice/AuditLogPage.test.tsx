import type { PracticeAuditPage } from '@vatwise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import AuditLogPage from './AuditLogPage';

const line = (id: string, vrn: string, clientName: string | null) => ({
  id,
  at: '2026-11-30T10:00:00.000Z',
  vrn,
  clientName,
  kind: 'assigned' as const,
  actorId: 'user-ana',
  actorName: 'Ana Owner',
  detail: 'Assigned to Pat Preparer',
});

const log: PracticeAuditPage = {
  lines: [line('1', '123456789', 'Acme Ltd'), line('2', '987654321', null)],
  total: 2,
  page: 1,
  pageSize: 50,
  actors: [{ id: 'user-ana', name: 'Ana Owner' }],
  // A client since removed from the practice: its VRN and no name.
  clients: [
    { vrn: '123456789', name: 'Acme Ltd' },
    { vrn: '987654321', name: null },
  ],
};

describe('the audit log', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers as clients those its lines name, a removed one by VRN, and filters by the one chosen', async () => {
    const requests = fakeServer({ 'GET /api/practice/audit': { body: log } });
    renderPage(<AuditLogPage />, '/app/audit');
    const client = await screen.findByRole('combobox', { name: 'Client' });
    await waitFor(() => expect(within(client).getAllByRole('option')).toHaveLength(3));
    expect(
      within(client)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All clients', 'Acme Ltd (123 4567 89)', '987 6543 21']);

    fireEvent.change(client, { target: { value: '987654321' } });
    await waitFor(() => expect(requests.some((url) => url.searchParams.get('vrn') === '987654321')).toBe(true));
  });
});
