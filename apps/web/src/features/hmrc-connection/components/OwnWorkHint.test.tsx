import type { OwnWork, UserRecord } from '@vatwise/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { userRecord } from '../../../test/users';
import { OwnWorkHint } from './OwnWorkHint';

const owner: UserRecord = {
  ...userRecord({ id: 'user-noah', email: 'noah@example.com', name: 'Noah', role: 2, practice: null }),
  practice: { id: 'org-1', name: 'Jones & Co', role: 'owner' },
};
const work: OwnWork = {
  agentAccounts: [{ userId: 'agent-1', arn: 'XARN1234567' }],
  authorities: 1,
  sandboxUsers: 1,
  businesses: [],
  records: 0,
  returns: 0,
  clientRequests: 0,
};

describe('own work left outside the practice, on the HMRC screens', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('says where the agent services account is and links to the Practice screen', async () => {
    fakeServer({ '/api/me': { body: { user: owner } }, '/api/practice/own-work': { body: work } });
    renderPage(<OwnWorkHint />);
    expect(await screen.findByTestId('own-work-hint')).toHaveTextContent(
      'Your agent services account XARN1234567 is in your own work, from before Jones & Co',
    );
    expect(screen.getByRole('link', { name: 'Open the Practice screen' })).toHaveAttribute('href', '/app/practice');
  });

  it('is not asked for a preparer, who may not bring work in', async () => {
    const preparer = { ...owner, practice: { id: 'org-1', name: 'Jones & Co', role: 'preparer' as const } };
    const requests = fakeServer({ '/api/me': { body: { user: preparer } } });
    renderPage(<OwnWorkHint />);
    await waitFor(() => expect(requests.map((url) => url.pathname)).toContain('/api/me'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.map((url) => url.pathname)).toEqual(['/api/me']);
    expect(screen.queryByTestId('own-work-hint')).not.toBeInTheDocument();
  });
});
