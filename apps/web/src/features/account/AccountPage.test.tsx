import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { ErrorState } from '../../shared/ui/QueryStates';
import { fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import { userRecord } from '../../test/users';
import { defaultChannels, notificationKinds } from '@vatwise/domain';
import AccountPage from './AccountPage';

describe('the way to two-factor sign-in', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('lands on the Account page’s two-factor section, focused', async () => {
    fakeServer({
      '/api/me': { body: { user: userRecord() } },
      'GET /api/reminders': { body: { dailyDigest: false, delivery: 'smtp' } },
      'GET /api/notifications/preferences': {
        body: {
          kinds: Object.fromEntries(notificationKinds.map((kind) => [kind, defaultChannels(kind)])),
          delivery: 'smtp',
        },
      },
    });
    renderPage(<AccountPage />, '/app/account#two-factor');
    const section = await screen.findByRole('region', { name: 'Two-factor sign-in' });
    expect(section).toHaveAttribute('id', 'two-factor');
    await waitFor(() => expect(section).toHaveFocus());
  });

  it('is offered by the error shown when a practice requires it', async () => {
    const refusal = { status: 403, data: { statusCode: 403, code: 'TWO_FACTOR_REQUIRED', message: 'x' } };
    renderPage(<ErrorState error={refusal} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This practice requires two-factor sign-in before anyone reads from or files');
    expect(within(alert).getByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute(
      'href',
      '/app/account#two-factor',
    );
  });
});
