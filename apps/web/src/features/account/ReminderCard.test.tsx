import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import { ReminderCard } from './ReminderCard';

describe('the daily e-mail digest', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is turned on with one switch, and says where mail goes on a server without SMTP', async () => {
    fakeServer({
      'GET /api/reminders': { body: { dailyDigest: false, delivery: 'outbox' } },
      'PUT /api/reminders': { body: { dailyDigest: true, delivery: 'outbox' } },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    renderPage(<ReminderCard />);
    const toggle = await screen.findByRole('switch', { name: 'E-mail me a daily digest of new warnings' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/digests are written to its outbox folder/)).toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    const put = fetchMock.mock.calls.map(([request]) => request as Request).find((request) => request.method === 'PUT');
    expect(await put?.clone().json()).toEqual({ dailyDigest: true });
  });

  it('cannot be turned on where the server has no way to send mail', async () => {
    fakeServer({ '/api/reminders': { body: { dailyDigest: false, delivery: 'none' } } });
    renderPage(<ReminderCard />);
    expect(await screen.findByText(/cannot send digests/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'E-mail me a daily digest of new warnings' })).toBeDisabled();
  });
});
