import type { OwnWork, PracticeSummary } from '@vatwise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { ownWorkOffer } from '../own-work-api';
import { workspace } from '../workspace';
import { BringOwnWork } from './BringOwnWork';

const jones: PracticeSummary = { id: 'org-jones', name: 'Jones & Co', role: 'owner' };
const work: OwnWork = {
  agentAccounts: [{ userId: 'agent-1', arn: 'XARN1234567' }],
  authorities: 1,
  sandboxUsers: 2,
  businesses: [{ vrn: '123456789', name: 'Client Ltd', conflict: null }],
  records: 3,
  returns: 1,
  clientRequests: 1,
};

const moves = () =>
  vi.mocked(globalThis.fetch).mock.calls.filter(([request]) => (request as Request).method === 'POST').length;

describe('bringing one’s own work into the practice', () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    reload = vi.spyOn(workspace, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
  });

  it('opens at once after starting the practice, lists what would move, and moves it only when asked', async () => {
    fakeServer({
      'GET /api/practice/own-work': { body: work },
      'POST /api/practice/own-work/move': { body: work },
    });
    ownWorkOffer.set(jones.id);
    renderPage(<BringOwnWork practice={jones} />, '/app/practice');
    const dialog = await screen.findByTestId('own-work-dialog');
    const list = within(dialog).getByTestId('own-work-list');
    expect(list).toHaveTextContent('Your agent services account XARN1234567');
    expect(list).toHaveTextContent('2 sandbox test users');
    expect(list).toHaveTextContent('Client Ltd (VRN 123456789)');
    expect(list).toHaveTextContent('3 digital records');
    expect(moves()).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Bring it into Jones & Co' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(moves()).toBe(1);
  });

  it('lets the person keep working alone with it, and offers it again on the card', async () => {
    fakeServer({ 'GET /api/practice/own-work': { body: work } });
    ownWorkOffer.set(jones.id);
    renderPage(<BringOwnWork practice={jones} />, '/app/practice');
    const dialog = await screen.findByTestId('own-work-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep working alone with it' }));
    await waitFor(() => expect(screen.queryByTestId('own-work-dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('own-work')).toHaveTextContent('Your own work');
    fireEvent.click(screen.getByTestId('own-work-open'));
    expect(await screen.findByTestId('own-work-dialog')).toBeInTheDocument();
    expect(moves()).toBe(0);
  });

  it('names the authority the practice already reaches a business through, and does not offer the move', async () => {
    const clash = {
      ...work,
      businesses: [
        { vrn: '123456789', name: 'Client Ltd', conflict: { hmrcUserId: 'agent-2', agentArn: 'XARN7654321' } },
      ],
    };
    fakeServer({ 'GET /api/practice/own-work': { body: clash } });
    renderPage(<BringOwnWork practice={jones} />, '/app/practice');
    fireEvent.click(await screen.findByTestId('own-work-open'));
    expect(await screen.findByTestId('own-work-conflicts')).toHaveTextContent(
      'through the agent services account XARN7654321',
    );
    expect(screen.getByTestId('own-work-move')).toBeDisabled();
  });

  it('shows nothing when there is nothing of one’s own', async () => {
    const empty = {
      ...work,
      agentAccounts: [],
      authorities: 0,
      sandboxUsers: 0,
      businesses: [],
      records: 0,
      returns: 0,
    };
    const requests = fakeServer({ 'GET /api/practice/own-work': { body: { ...empty, clientRequests: 0 } } });
    renderPage(<BringOwnWork practice={jones} />, '/app/practice');
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(screen.queryByTestId('own-work')).not.toBeInTheDocument();
  });

  it('does not ask for a preparer, who may not move work into the practice', async () => {
    const requests = fakeServer({});
    renderPage(<BringOwnWork practice={{ ...jones, role: 'preparer' }} />, '/app/practice');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests).toEqual([]);
    expect(screen.queryByTestId('own-work')).not.toBeInTheDocument();
  });
});
