import { MantineProvider } from '@mantine/core';
import { configureStore } from '@reduxjs/toolkit';
import { render, screen, within } from '@testing-library/react';
import { type DeadlinesResponse, type HmrcFeed } from '@vatwise/domain';
import { Suspense } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../../shared/i18n/i18n';
import { dynamicMiddleware, rootReducer } from '../../shared/store/root';
import DashboardPage from './DashboardPage';
import { type FakeAnswers, fakeServer } from '../../test/fake-server';
import { userRecord } from '../../test/users';

const vrn = '123456782';

const editor = userRecord({ email: 'alice@example.com', name: 'Alice' });

const feed: HmrcFeed = {
  status: 'ok',
  title: 'HM Revenue & Customs - Activity on GOV.UK',
  entries: Array.from({ length: 12 }, (_, index) => ({
    id: `entry-${index}`,
    title: `HMRC news ${index}`,
    url: `https://www.gov.uk/government/news/item-${index}`,
    updated: `2026-07-${String(20 - index).padStart(2, '0')}T09:30:00.000Z`,
  })),
  fetchedAt: '2026-07-20T09:30:00.000Z',
  stale: false,
  ageSeconds: 120,
};

const deadlines: DeadlinesResponse = {
  vrn,
  businessName: 'Acme Ltd',
  today: '2026-08-01',
  items: [
    { periodKey: '26A1', start: '2026-01-01', end: '2026-03-31', due: '2026-05-07', daysLeft: -86, level: 'overdue' },
    { periodKey: '26A2', start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', daysLeft: 6, level: 'due7' },
    { periodKey: '26A3', start: '2026-07-01', end: '2026-09-30', due: '2026-11-07', daysLeft: 98, level: null },
  ],
  next: { periodKey: '26A2', start: '2026-04-01', end: '2026-06-30', due: '2026-08-07', daysLeft: 6, level: 'due7' },
  overdueCount: 1,
};

const business = { vrn, name: 'Acme Ltd', userId: 'hmrc-1', authorisation: null, lastUsedAt: null };

const signedIn = (overrides: FakeAnswers = {}): FakeAnswers => ({
  '/api/me': { body: { user: editor } },
  '/api/businesses': { body: { businesses: [business], current: vrn } },
  '/api/hmrc-feed': { body: feed },
  '/api/deadlines': { body: deadlines },
  ...overrides,
});

function renderDashboard() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  return render(
    <Provider store={store}>
      <MantineProvider>
        <MemoryRouter initialEntries={['/app']}>
          <Suspense fallback="Loading">
            <DashboardPage />
          </Suspense>
        </MemoryRouter>
      </MantineProvider>
    </Provider>,
  );
}

describe('the Home dashboard', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  describe('HMRC news', () => {
    it('lists the first 8 entries as links opening GOV.UK in a new tab, with their dates', async () => {
      fakeServer(signedIn());
      renderDashboard();
      // While it loads, the card keeps a row for each entry it will list, so nothing below it moves.
      expect(screen.getByTestId('hmrc-news-loading').children).toHaveLength(8);
      const items = await screen.findAllByTestId('hmrc-news-item');
      expect(items).toHaveLength(8);
      expect(screen.getByTestId('hmrc-news-source')).toHaveTextContent('From GOV.UK (in English)');
      const link = within(items[0] as HTMLElement).getByRole('link', { name: /HMRC news 0/ });
      expect(link).toHaveAttribute('href', 'https://www.gov.uk/government/news/item-0');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/opens in a new tab/);
      expect(items[0]).toHaveTextContent('20 Jul 2026');
      expect(screen.queryByTestId('hmrc-news-stale')).not.toBeInTheDocument();
    });

    it('says how old a stale copy is', async () => {
      fakeServer(signedIn({ '/api/hmrc-feed': { body: { ...feed, stale: true, ageSeconds: 17 * 60 + 20 } } }));
      renderDashboard();
      expect(await screen.findByTestId('hmrc-news-stale')).toHaveTextContent('Last updated 17 minutes ago');
      expect(screen.getAllByTestId('hmrc-news-item')).toHaveLength(8);
    });

    it('says so when the feed is unavailable', async () => {
      fakeServer(
        signedIn({
          '/api/hmrc-feed': {
            body: { status: 'unavailable', message: 'The HMRC news feed cannot be reached at the moment.' },
          },
        }),
      );
      renderDashboard();
      const unavailable = await screen.findByTestId('hmrc-news-unavailable');
      expect(unavailable).toHaveTextContent('HMRC news is unavailable');
      expect(unavailable).toHaveTextContent('GOV.UK cannot be reached at the moment. Try again later.');
    });

    describe('in Spanish', () => {
      beforeAll(async () => {
        await changeLanguage('es');
      });
      afterAll(async () => {
        await changeLanguage('en');
      });

      it('says where the news comes from in Spanish, and marks GOV.UK’s titles as English', async () => {
        fakeServer(signedIn());
        renderDashboard();
        const items = await screen.findAllByTestId('hmrc-news-item');
        expect(screen.getByTestId('hmrc-news-source')).toHaveTextContent('De GOV.UK (en inglés)');
        expect(within(items[0] as HTMLElement).getByText('HMRC news 0')).toHaveAttribute('lang', 'en-GB');
      });

      it('says in Spanish that the feed is unavailable', async () => {
        fakeServer(
          signedIn({
            '/api/hmrc-feed': {
              body: { status: 'unavailable', message: 'The HMRC news feed cannot be reached at the moment.' },
            },
          }),
        );
        renderDashboard();
        const unavailable = await screen.findByTestId('hmrc-news-unavailable');
        expect(unavailable).toHaveTextContent('Las noticias de HMRC no están disponibles');
        expect(unavailable).toHaveTextContent('Ahora mismo no se puede acceder a GOV.UK.');
        expect(unavailable).not.toHaveTextContent('cannot be reached');
      });
    });

    it('is shown to a visitor, who gets no deadlines card', async () => {
      const requests = fakeServer({ '/api/me': { body: { user: null } }, '/api/hmrc-feed': { body: feed } });
      renderDashboard();
      expect(await screen.findAllByTestId('hmrc-news-item')).toHaveLength(8);
      expect(screen.queryByTestId('deadlines')).not.toBeInTheDocument();
      expect(requests.some((url) => url.pathname === '/api/businesses' || url.pathname === '/api/deadlines')).toBe(
        false,
      );
    });
  });

  describe('VAT deadlines', () => {
    it('shows the next due date, the overdue count and each open period with its level', async () => {
      const requests = fakeServer(signedIn());
      renderDashboard();
      expect(await screen.findByTestId('deadlines-next')).toHaveTextContent('Next return due 7 Aug 2026 · 6 days left');
      expect(screen.getByTestId('deadlines-overdue')).toHaveTextContent('1 return overdue');
      const rows = screen.getAllByTestId('deadline-row');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toHaveTextContent('1 Jan 2026 – 31 Mar 2026');
      expect(rows[0]).toHaveTextContent('Due 7 May 2026 · 86 days overdue');
      expect(
        within(rows[0] as HTMLElement)
          .getByText('Overdue')
          .closest('[data-level]'),
      ).toHaveAttribute('data-level', 'overdue');
      expect(within(rows[1] as HTMLElement).getByText('Due within 7 days')).toBeInTheDocument();
      expect(rows[2]?.querySelector('[data-level]')).toBeNull();
      // HMRC asks software not to show period keys.
      expect(screen.getByTestId('deadlines')).not.toHaveTextContent('26A1');
      const download = screen.getByRole('link', { name: /Download calendar \(\.ics\)/ });
      expect(download).toHaveAttribute('href', `/api/deadlines/calendar.ics?vrn=${vrn}`);
      expect(download).toHaveAttribute('download');
      expect(requests.find((url) => url.pathname === '/api/deadlines')?.searchParams.get('vrn')).toBe(vrn);
    });

    it('says so when nothing is open', async () => {
      fakeServer(signedIn({ '/api/deadlines': { body: { ...deadlines, items: [], next: null, overdueCount: 0 } } }));
      renderDashboard();
      expect(await screen.findByTestId('deadlines-none-open')).toHaveTextContent('No VAT returns are open');
      expect(screen.queryByRole('link', { name: /Download calendar/ })).not.toBeInTheDocument();
    });

    it('points to Grant Authority when no business is connected', async () => {
      const requests = fakeServer(signedIn({ '/api/businesses': { body: { businesses: [], current: null } } }));
      renderDashboard();
      const empty = await screen.findByTestId('deadlines-no-business');
      expect(within(empty).getByRole('link', { name: 'Grant Authority' })).toHaveAttribute(
        'href',
        '/app/grant-authority',
      );
      expect(requests.some((url) => url.pathname === '/api/deadlines')).toBe(false);
    });

    it('shows the server’s message when HMRC cannot be read', async () => {
      fakeServer(
        signedIn({
          '/api/deadlines': {
            status: 502,
            body: {
              statusCode: 502,
              code: 'HMRC_UNAVAILABLE',
              error: 'Bad Gateway',
              message: 'Server error (500)',
              hmrc: { kind: 'obligations', status: 500, codes: ['INTERNAL_SERVER_ERROR'] },
            },
          },
        }),
      );
      renderDashboard();
      const alert = await screen.findByTestId('deadlines-error');
      expect(alert).toHaveTextContent('Server error (500)');
      expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });
  });
});
