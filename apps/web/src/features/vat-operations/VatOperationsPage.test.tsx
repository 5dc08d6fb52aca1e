import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import VatOperationsPage from './VatOperationsPage';

// A guest: signed in as nobody, so the businesses list is never asked for.
vi.mock('../hmrc-connection', () => ({
  useCurrentBusiness: () => ({ business: undefined, businesses: [], isLoading: false, error: undefined }),
}));
vi.mock('../auth', () => ({
  GuestPrompt: () => null,
  GuestRolePanel: () => null,
  useAuth: () => ({ status: 'anonymous', user: null }),
}));

describe('VAT Operations without a business', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  it('titles the screen and sends the user to Grant Authority to connect one', async () => {
    render(
      <MantineProvider>
        <MemoryRouter>
          <Suspense fallback="Loading">
            <VatOperationsPage />
          </Suspense>
        </MemoryRouter>
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/^VAT Operations$/);
    expect(screen.getByRole('heading', { level: 2, name: 'Connect a business first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Grant Authority' })).toHaveAttribute('href', '/app/grant-authority');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
