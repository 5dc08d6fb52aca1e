import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { userRecord } from '../../../test/users';
import { BusinessSwitcher } from './BusinessSwitcher';

const acme = { vrn: '123456789', name: 'Acme Ltd', userId: 'hmrc-1', authorisation: null, lastUsedAt: null };
const brook = { vrn: '987654321', name: 'Brook Bakery', userId: 'hmrc-2', authorisation: null, lastUsedAt: null };

describe('the business switcher', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the business at once, and its drop-down opens from the keyboard before the Select code has loaded', async () => {
    // The browser never idle: the plain field stays until the user reaches for it.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const requests = fakeServer({
      '/api/me': { body: { user: userRecord({ email: 'ana@example.com', name: 'Ana' }) } },
      '/api/businesses': { body: { businesses: [acme, brook], current: acme.vrn } },
      'PUT /api/businesses/current': { body: { businesses: [acme, brook], current: brook.vrn } },
    });
    renderPage(<BusinessSwitcher />);
    const plain = await screen.findByTestId('business-switcher');
    expect(plain).toHaveValue('Acme Ltd · 123 4567 89');
    plain.focus();
    fireEvent.keyDown(plain, { key: 'Enter' });

    fireEvent.click(await screen.findByRole('option', { name: 'Brook Bakery · 987 6543 21', hidden: true }));
    await waitFor(() => expect(screen.getByTestId('business-switcher')).toHaveValue('Brook Bakery · 987 6543 21'));
    expect(requests.some((url) => url.pathname === '/api/businesses/current')).toBe(true);
  });
});
