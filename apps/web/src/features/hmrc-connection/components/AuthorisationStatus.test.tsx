import type { Authorisation } from '@vatwise/domain';
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../../shared/i18n/i18n';
import { renderPage } from '../../../test/render-page';
import { AuthorisationStatus } from './AuthorisationStatus';

const now = Date.parse('2026-11-23T10:00:00Z');
const grantedFor = (expiresAt: string): Authorisation => ({
  authorisedAt: '2026-11-23T09:00:00Z',
  expiresAt,
  accessTokenExpiresAt: '2026-11-23T13:00:00Z',
  needsReauthorisation: false,
});

describe('the time left on an HMRC authority', () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    await initI18n('en');
  });
  afterAll(async () => {
    vi.useRealTimers();
    await i18n.changeLanguage('en');
  });

  it('reads 18 months in years and days, not 13,127 hours', async () => {
    renderPage(<AuthorisationStatus authorisation={grantedFor('2028-05-23T09:59:00Z')} />);
    expect(await screen.findByTestId('authorisation-remaining')).toHaveTextContent(/^1 year 181 days$/);
  });

  it('reads the last day in hours and minutes', async () => {
    renderPage(<AuthorisationStatus authorisation={grantedFor('2026-11-23T15:12:30Z')} />);
    expect(await screen.findByTestId('authorisation-remaining')).toHaveTextContent(/^5 hours 12 min$/);
  });

  it('reads it in Spanish too', async () => {
    await i18n.changeLanguage('es');
    renderPage(<AuthorisationStatus authorisation={grantedFor('2026-11-23T10:12:00Z')} />);
    expect(await screen.findByTestId('authorisation-remaining')).toHaveTextContent(/^12 minutos$/);
    renderPage(<AuthorisationStatus authorisation={grantedFor('2026-12-01T10:00:00Z')} />);
    expect(await screen.findByText('8 días')).toBeInTheDocument();
  });
});
