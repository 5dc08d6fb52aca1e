import { type ReturnDraft, type ReturnNote, unreviewed, type UserRecord } from '@vatwise/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../shared/i18n/i18n';
import { fakeServer } from '../../../test/fake-server';
import { renderPage } from '../../../test/render-page';
import { userRecord } from '../../../test/users';
import { ReviewPanel } from './ReviewPanel';

const member = (id: string, role: 'preparer' | 'reviewer'): UserRecord =>
  userRecord({
    id,
    email: `${id}@example.com`,
    name: id,
    practice: { id: 'practice-1', name: 'Bright Accountants', role },
  });
const readyByPat = {
  ...unreviewed,
  required: true,
  state: 'ready' as const,
  readyById: 'pat',
  readyBy: 'Pat Preparer',
  readyAt: '2026-11-20T10:00:00Z',
};
const draft = { id: 'r1', vrn: '123456789', status: 'draft', review: readyByPat } as ReturnDraft;
const note: ReturnNote = { id: 'n1', text: 'Fuel receipts checked.', authorName: 'Rita', at: '2026-11-20T11:00:00Z' };
const requestBody = async (call: unknown) => (await (call as [Request])[0].clone().json()) as unknown;

describe('a return’s review', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('offers a reviewer the approval of a return someone else marked ready, and sends it', async () => {
    const requests = fakeServer({
      '/api/me': { body: { user: member('rita', 'reviewer') } },
      '/api/vat_returns/r1/notes': { body: { notes: [note] } },
      'POST /api/vat_returns/r1/approve': { body: { ...draft, review: { ...readyByPat, state: 'approved' } } },
    });
    renderPage(<ReviewPanel draft={draft} editable />);
    expect(await screen.findByTestId('review-state')).toHaveTextContent('Ready for review');
    expect(screen.getByTestId('review-ready-by')).toHaveTextContent('Marked ready by Pat Preparer');
    expect(await screen.findByText('Fuel receipts checked.')).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve these figures' }));
    await waitFor(() => expect(requests.some((url) => url.pathname === '/api/vat_returns/r1/approve')).toBe(true));
  });

  it('never offers approval to a preparer, nor to the reviewer who marked it ready', async () => {
    fakeServer({
      '/api/me': { body: { user: member('pat', 'reviewer') } },
      '/api/vat_returns/r1/notes': { body: { notes: [] } },
    });
    renderPage(<ReviewPanel draft={draft} editable />);
    expect(await screen.findByTestId('review-waiting')).toHaveTextContent(
      'You marked this return ready, so someone else who may approve returns',
    );
    expect(screen.queryByRole('button', { name: 'Approve these figures' })).not.toBeInTheDocument();
    vi.unstubAllGlobals();

    fakeServer({
      '/api/me': { body: { user: member('sam', 'preparer') } },
      '/api/vat_returns/r1/notes': { body: { notes: [] } },
    });
    renderPage(<ReviewPanel draft={{ ...draft, review: { ...readyByPat, readyById: 'someone-else' } }} editable />);
    expect(await screen.findAllByRole('button', { name: 'Back to preparing' })).not.toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Approve these figures' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Waiting for an owner, admin or reviewer of the practice to approve it.'),
    ).toBeInTheDocument();
  });

  it('offers no "Mark ready for review" once the return is ready or approved', async () => {
    fakeServer({
      '/api/me': { body: { user: member('pat', 'reviewer') } },
      '/api/vat_returns/r1/notes': { body: { notes: [] } },
    });
    const approved = {
      ...readyByPat,
      state: 'approved' as const,
      approvedBy: 'Rita',
      approvedAt: '2026-11-21T09:00:00Z',
    };
    renderPage(<ReviewPanel draft={{ ...draft, review: approved }} editable />);
    expect(await screen.findByTestId('review-state')).toHaveTextContent('Approved');
    expect(await screen.findByRole('button', { name: 'Back to preparing' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark ready for review' })).not.toBeInTheDocument();
  });

  it('says when the figures changed after approval, and adds a note for the team', async () => {
    const noted = { ...note, id: 'n2', text: 'Box 4 rechecked after the credit note.' };
    fakeServer({
      '/api/me': { body: { user: member('rita', 'reviewer') } },
      'GET /api/vat_returns/r1/notes': { body: { notes: [] } },
      'POST /api/vat_returns/r1/notes': { status: 201, body: { notes: [noted] } },
    });
    const fetchMock = vi.mocked(globalThis.fetch);
    const changed = {
      ...readyByPat,
      state: 'changed' as const,
      approvedBy: 'Rita',
      approvedAt: '2026-11-21T09:00:00Z',
    };
    renderPage(<ReviewPanel draft={{ ...draft, review: changed }} editable />);
    expect(await screen.findByTestId('review-changed')).toHaveTextContent('a reviewer must approve them again');
    expect(await screen.findByText(/No notes yet/)).toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'Add a note for the team' }), {
      target: { value: '  Box 4 rechecked after the credit note.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByTestId('return-note')).toHaveTextContent('Box 4 rechecked after the credit note.');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Add a note for the team' })).toHaveValue(''));
    const post = fetchMock.mock.calls.find((call) => (call[0] as Request).method === 'POST');
    expect(await requestBody(post)).toEqual({ text: 'Box 4 rechecked after the credit note.' });
  });
});
