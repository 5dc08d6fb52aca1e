import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AppNotification, defaultChannels, notificationKinds } from '@vatwise/domain';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import NotificationPanel from './NotificationPanel';
import { NotificationPreferencesCard } from './PreferencesCard';

const ready: AppNotification = {
  id: 'n1',
  kind: 'marked_ready',
  vrn: '123456789',
  businessName: 'Acme Trading',
  actorName: 'Pat Preparer',
  detail: 'Return 2026-07-01 to 2026-09-30',
  link: '/app/vat-submissions/r1',
  at: '2026-12-01T10:00:00.000Z',
  read: false,
};

const sent = (method: string) =>
  vi
    .mocked(globalThis.fetch)
    .mock.calls.map(([request]) => request as Request)
    .filter((request) => request.method === method);

describe('the bell’s list', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says what happened, to which client and when, links to it, and marks it read', async () => {
    fakeServer({
      'GET /api/notifications': { body: { notifications: [ready], unread: 1, next: null } },
      'POST /api/notifications/read': { body: { unread: 0 } },
    });
    renderPage(<NotificationPanel unread={1} openAtOnce={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    const item = await within(panel).findByTestId('notification');
    expect(await within(item).findByRole('link', { name: /^Return ready for review/, hidden: true })).toHaveAttribute(
      'href',
      '/app/vat-submissions/r1',
    );
    expect(item).toHaveTextContent('Acme Trading · VRN 123456789');
    expect(item).toHaveTextContent('Return for 1 Jul 2026 to 30 Sept 2026');
    expect(item).toHaveTextContent('Pat Preparer');
    fireEvent.click(within(item).getByRole('button', { name: 'Mark as read', hidden: true }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(await sent('POST')[0]?.clone().json()).toEqual({ id: 'n1' });
  });

  it('says so when there is nothing, and offers the choices', async () => {
    fakeServer({ 'GET /api/notifications': { body: { notifications: [], unread: 0, next: null } } });
    renderPage(<NotificationPanel unread={0} openAtOnce={false} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Notifications', hidden: true });
    expect(await within(panel).findByText(/Nothing yet/)).toBeInTheDocument();
    expect(await within(panel).findByRole('button', { name: 'Mark all as read', hidden: true })).toBeDisabled();
    expect(within(panel).getByRole('link', { name: 'Choose what you are told', hidden: true })).toHaveAttribute(
      'href',
      '/app/account#notification-preferences',
    );
  });
});

describe('the choices on the Account page', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  const kinds = Object.fromEntries(notificationKinds.map((kind) => [kind, defaultChannels(kind)]));

  it('turns one kind’s e-mail on without touching the others', async () => {
    fakeServer({
      'GET /api/notifications/preferences': { body: { kinds, delivery: 'smtp' } },
      'PUT /api/notifications/preferences': {
        body: { kinds: { ...kinds, approved: { inApp: true, email: true } }, delivery: 'smtp' },
      },
    });
    renderPage(<NotificationPreferencesCard />);
    const approvedMail = await screen.findByRole('switch', { name: 'Return approved: by e-mail' });
    expect(approvedMail).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Return ready for review: by e-mail' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Return approved: in the app' })).toBeChecked();
    fireEvent.click(approvedMail);
    await waitFor(() => expect(approvedMail).toBeChecked());
    expect(await sent('PUT')[0]?.clone().json()).toEqual({ kinds: { approved: { inApp: true, email: true } } });
  });

  it('offers no e-mail where the server cannot send any', async () => {
    fakeServer({ 'GET /api/notifications/preferences': { body: { kinds, delivery: 'none' } } });
    renderPage(<NotificationPreferencesCard />);
    expect(await screen.findByText(/cannot send notification e-mails/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "Client's return overdue: by e-mail" })).toBeDisabled();
  });
});
