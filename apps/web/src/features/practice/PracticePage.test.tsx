import type { PracticeInvitation, UserRecord } from '@vatwise/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../shared/i18n/i18n';
import { type FakeAnswers, fakeServer } from '../../test/fake-server';
import { renderPage } from '../../test/render-page';
import PracticePage from './PracticePage';
import { practiceSlug, workspace } from './workspace';
import { userRecord } from '../../test/users';

const ana = userRecord({ id: 'user-ana', email: 'ana@bright.example', name: 'Ana Owner', role: 2, practice: null });
const bright = { id: 'org-bright', name: 'Bright Accountants', slug: 'bright-accountants-abc123' };
const ownerMember = {
  id: 'member-ana',
  userId: 'user-ana',
  role: 'owner',
  user: { name: 'Ana Owner', email: 'ana@bright.example' },
};
const preparerMember = {
  id: 'member-pat',
  userId: 'user-pat',
  role: 'preparer',
  user: { name: 'Pat Preparer', email: 'pat@bright.example' },
};
const fullBright = (invitations: unknown[] = []) => ({
  ...bright,
  members: [ownerMember, preparerMember],
  invitations,
});
const invitationToSam = {
  id: 'inv-sam',
  email: 'sam@bright.example',
  role: 'preparer',
  status: 'pending',
  expiresAt: '2099-01-08T10:00:00.000Z',
};
const invitationForAna: PracticeInvitation = {
  id: 'inv-ana',
  practiceName: 'Numbers & Co',
  role: 'reviewer',
  expiresAt: '2099-01-08T10:00:00.000Z',
};

const noOwnWork = {
  agentAccounts: [],
  authorities: 0,
  sandboxUsers: 0,
  businesses: [],
  records: 0,
  returns: 0,
  clientRequests: 0,
};

/** The server as the page reads it, for a user working alone or in Bright as `role`. */
function server(user: UserRecord, extra: FakeAnswers = {}, invitations: PracticeInvitation[] = []) {
  return fakeServer({
    '/api/me': { body: { user } },
    'GET /api/auth/organization/list': { body: user.practice ? [bright] : [] },
    'GET /api/practice/invitations': { body: { invitations } },
    ...(user.practice
      ? {
          'GET /api/auth/organization/get-full-organization': { body: fullBright() },
          'GET /api/practice/policy': { body: { requireReview: false, requireTwoFactor: false } },
          // Nothing of one's own to bring along (BringOwnWork.test.tsx has the rest).
          'GET /api/practice/own-work': { body: noOwnWork },
        }
      : {}),
    ...extra,
  });
}

const inBright = (role: 'owner' | 'preparer'): UserRecord => ({
  ...ana,
  ...(role === 'preparer' ? { id: 'user-pat', name: 'Pat Preparer', email: 'pat@bright.example' } : {}),
  practice: { id: bright.id, name: bright.name, role },
});

/** The requests sent as `METHOD /path`, in order, with their JSON bodies. */
async function sent(): Promise<{ line: string; body: unknown }[]> {
  const calls = vi.mocked(globalThis.fetch).mock.calls.map(([request]) => request as Request);
  return Promise.all(
    calls.map(async (request) => ({
      line: `${request.method} ${new URL(request.url).pathname}`,
      body: request.method === 'GET' ? undefined : ((await request.clone().json()) as unknown),
    })),
  );
}
const posts = async () => (await sent()).filter(({ line }) => !line.startsWith('GET '));

// The whole screen renders in each test (five cards, a dialog or two): on a busy two-core machine
// one such test has taken over the default 5 s.
describe('the Practice screen', { timeout: 15_000 }, () => {
  let reload: ReturnType<typeof vi.spyOn>;
  beforeAll(async () => {
    await initI18n('en');
  });
  beforeEach(() => {
    reload = vi.spyOn(workspace, 'reload').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts a practice: checks the name, creates it, works in it, and reloads the page', async () => {
    server(ana, {
      'POST /api/auth/organization/create': { body: { id: 'org-new', name: 'Bright Accountants', slug: 'x' } },
      'POST /api/auth/organization/set-active': { body: { id: 'org-new' } },
    });
    renderPage(<PracticePage />, '/app/practice');
    expect(await screen.findByTestId('current-workspace')).toHaveTextContent('You work on your own businesses.');
    expect(await screen.findByTestId('no-practices')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start practice' }));
    expect(await screen.findByText("Enter the practice's name.")).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: /Practice name/ });
    fireEvent.change(name, { target: { value: 'x'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Start practice' }));
    expect(await screen.findByText("A practice's name holds at most 100 characters.")).toBeInTheDocument();
    expect(await posts()).toEqual([]);

    fireEvent.change(name, { target: { value: '  Bright Accountants ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start practice' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    const calls = await posts();
    expect(calls.map(({ line }) => line)).toEqual([
      'POST /api/auth/organization/create',
      'POST /api/auth/organization/set-active',
    ]);
    expect(calls[0]?.body).toEqual({
      name: 'Bright Accountants',
      slug: expect.stringMatching(/^bright-accountants-[a-z0-9]{6}$/),
    });
    expect(calls[1]?.body).toEqual({ organizationId: 'org-new' });
  });

  it('says why a practice was not started, in words', async () => {
    server(ana, {
      'POST /api/auth/organization/create': {
        status: 403,
        body: { code: 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_ORGANIZATION', message: 'You are not allowed' },
      },
    });
    renderPage(<PracticePage />, '/app/practice');
    fireEvent.change(await screen.findByRole('textbox', { name: /Practice name/ }), { target: { value: 'Bright' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start practice' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account cannot start a practice.');
    expect(reload).not.toHaveBeenCalled();
  });

  it('lets an owner invite a preparer, then shows the invitation waiting', async () => {
    let invited = false;
    server(inBright('owner'), {
      'GET /api/auth/organization/get-full-organization': {
        get body() {
          return fullBright(invited ? [invitationToSam] : []);
        },
      },
      'POST /api/auth/organization/invite-member': {
        get body() {
          invited = true;
          return { ...invitationToSam, organizationId: bright.id };
        },
      },
    });
    renderPage(<PracticePage />, '/app/practice');
    expect(await screen.findByTestId('current-workspace')).toHaveTextContent(
      'You work in Bright Accountants as Owner.',
    );
    const people = await screen.findByTestId('practice-people');
    await within(people).findAllByTestId('member');
    expect(within(people).getByTestId('no-pending-invitations')).toBeInTheDocument();
    // The owner's own role is not theirs to change; the preparer's is.
    expect(within(people).getAllByTestId('member-role-select')).toHaveLength(1);
    expect(within(people).getByRole('button', { name: 'Remove Pat Preparer' })).toBeInTheDocument();
    expect(within(people).queryByRole('button', { name: /Remove Ana/ })).not.toBeInTheDocument();

    const form = within(people).getByTestId('invite-form');
    expect(within(form).getByTestId('role-help')).toHaveTextContent('Preparers prepare and submit returns.');
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Enter the e-mail address to invite.')).toBeInTheDocument();
    fireEvent.change(within(form).getByRole('textbox', { name: /E-mail address/ }), {
      target: { value: 'sam@bright.example' },
    });
    expect(within(form).getByRole('combobox', { name: 'Role' })).toHaveValue('preparer');
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const pending = await within(people).findByTestId('pending-invitation');
    expect(pending).toHaveTextContent('sam@bright.example');
    expect(pending).toHaveTextContent('Preparer');
    expect(
      within(pending).getByRole('button', { name: 'Cancel invitation for sam@bright.example' }),
    ).toBeInTheDocument();
    expect((await posts()).map(({ body }) => body)).toEqual([{ email: 'sam@bright.example', role: 'preparer' }]);
  });

  it('removes a member only once the owner confirms', async () => {
    server(inBright('owner'), {
      'POST /api/auth/organization/remove-member': { body: { member: { id: 'member-pat' } } },
    });
    renderPage(<PracticePage />, '/app/practice');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Pat Preparer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(await posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Pat Preparer' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, remove' }));
    await waitFor(async () =>
      expect(await posts()).toEqual([
        { line: 'POST /api/auth/organization/remove-member', body: { memberIdOrEmail: 'member-pat' } },
      ]),
    );
  });

  it('shows a preparer the members read-only: no invitations, role changes or policy switch', async () => {
    server(inBright('preparer'));
    renderPage(<PracticePage />, '/app/practice');
    const people = await screen.findByTestId('practice-people');
    expect(await within(people).findAllByTestId('member')).toHaveLength(2);
    expect(
      within(people)
        .getAllByTestId('member-role')
        .map((badge) => badge.textContent),
    ).toEqual(['Owner', 'Preparer']);
    expect(within(people).getByTestId('members-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('invite-form')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    const readOnly = await screen.findByTestId('policy-read-only');
    expect(readOnly).toHaveTextContent('Returns can be filed without a reviewer');
    expect(readOnly).toHaveTextContent('Members can read from and file to HMRC without two-factor sign-in.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    // A preparer may leave (the owner may not).
    expect(screen.getByRole('button', { name: 'Leave practice' })).toBeInTheDocument();
  });

  it('lets a member leave after confirming, then reloads on their own businesses', async () => {
    server(inBright('preparer'), { 'POST /api/auth/organization/leave': { body: { id: 'member-pat' } } });
    renderPage(<PracticePage />, '/app/practice');
    fireEvent.click(await screen.findByRole('button', { name: 'Leave practice' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, leave' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(await posts()).toEqual([{ line: 'POST /api/auth/organization/leave', body: { organizationId: bright.id } }]);
  });

  it('sends the policy switch to the server', async () => {
    server(inBright('owner'), {
      'PUT /api/practice/policy': { body: { requireReview: true, requireTwoFactor: false } },
    });
    renderPage(<PracticePage />, '/app/practice');
    const toggle = await screen.findByRole('switch', { name: /Returns need a reviewer's approval before filing/ });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(await posts()).toEqual([{ line: 'PUT /api/practice/policy', body: { requireReview: true } }]);
  });

  it('requires two-factor sign-in of members with its own switch, and shows an owner without it the way to', async () => {
    server(inBright('owner'), {
      'PUT /api/practice/policy': { body: { requireReview: false, requireTwoFactor: true } },
    });
    renderPage(<PracticePage />, '/app/practice');
    const toggle = await screen.findByRole('switch', { name: /Members need two-factor sign-in/ });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(/HMRC's fraud prevention rules ask VAT software/)).toBeInTheDocument();
    expect(screen.queryByTestId('two-factor-needed')).not.toBeInTheDocument();
    fireEvent.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    // Only the rule switched is sent: review before filing is left as the server has it.
    expect(await posts()).toEqual([{ line: 'PUT /api/practice/policy', body: { requireTwoFactor: true } }]);
    expect(screen.getByRole('switch', { name: /reviewer's approval/ })).not.toBeChecked();
    const needed = await screen.findByTestId('two-factor-needed');
    expect(needed).toHaveTextContent('yours is off');
    expect(within(needed).getByRole('link', { name: 'Turn on two-factor sign-in' })).toHaveAttribute(
      'href',
      '/app/account#two-factor',
    );
  });

  it('tells a preparer the practice requires two-factor sign-in, and asks only those without it', async () => {
    const policy = { 'GET /api/practice/policy': { body: { requireReview: false, requireTwoFactor: true } } };
    server(inBright('preparer'), policy);
    const { unmount } = renderPage(<PracticePage />, '/app/practice');
    expect(await screen.findByTestId('policy-read-only')).toHaveTextContent(
      'Members need two-factor sign-in before VAT Wise reads from or files to HMRC for them.',
    );
    expect(await screen.findByTestId('two-factor-needed')).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    server({ ...inBright('preparer'), twoFactorEnabled: true }, policy);
    renderPage(<PracticePage />, '/app/practice');
    expect(await screen.findByTestId('policy-read-only')).toHaveTextContent('Members need two-factor sign-in');
    expect(screen.queryByTestId('two-factor-needed')).not.toBeInTheDocument();
  });

  it('accepts the invitation from the e-mail link, works in that practice and reloads', async () => {
    server(
      ana,
      {
        'POST /api/auth/organization/accept-invitation': {
          body: {
            invitation: { id: 'inv-ana', organizationId: 'org-numbers', status: 'accepted' },
            member: { id: 'member-new', organizationId: 'org-numbers', role: 'reviewer' },
          },
        },
        'POST /api/auth/organization/set-active': { body: { id: 'org-numbers' } },
      },
      [{ ...invitationForAna, id: 'inv-other', practiceName: 'Other Firm' }, invitationForAna],
    );
    renderPage(<PracticePage />, '/app/practice?invitation=inv-ana');
    const cards = await screen.findAllByTestId('invitation-for-you');
    // The linked one comes first, marked as the one from the e-mail.
    expect(cards[0]).toHaveTextContent('Join Numbers & Co as Reviewer');
    expect(cards[0]).toHaveAttribute('aria-current', 'true');
    expect(cards[0]).toHaveTextContent('From your e-mail');
    expect(cards[0]).toHaveTextContent('Reviewers also approve returns');
    expect(cards[1]).not.toHaveAttribute('aria-current');

    fireEvent.click(within(cards[0] as HTMLElement).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(await posts()).toEqual([
      { line: 'POST /api/auth/organization/accept-invitation', body: { invitationId: 'inv-ana' } },
      { line: 'POST /api/auth/organization/set-active', body: { organizationId: 'org-numbers' } },
    ]);
  });

  it('declines an invitation', async () => {
    let declined = false;
    server(ana, {
      'GET /api/practice/invitations': {
        get body() {
          return { invitations: declined ? [] : [invitationForAna] };
        },
      },
      'POST /api/auth/organization/reject-invitation': {
        get body() {
          declined = true;
          return { invitation: { id: 'inv-ana', status: 'rejected' }, member: null };
        },
      },
    });
    renderPage(<PracticePage />, '/app/practice');
    fireEvent.click(await screen.findByRole('button', { name: 'Decline' }));
    expect(await screen.findByTestId('no-invitations')).toHaveTextContent('invite ana@bright.example');
    expect(reload).not.toHaveBeenCalled();
  });

  it('explains a linked invitation that is not waiting for the signed-in address', async () => {
    server(ana);
    renderPage(<PracticePage />, '/app/practice?invitation=inv-gone');
    const notFound = await screen.findByTestId('invitation-not-found');
    expect(notFound).toHaveTextContent('it may have expired, or it was sent to another e-mail address');
    expect(notFound).toHaveTextContent('You are signed in as ana@bright.example');
  });
});

describe('a practice slug', () => {
  it('is the name in lower-case words with a random suffix', () => {
    expect(practiceSlug('Bright & Co. Accountants', () => 'k3x9q2')).toBe('bright-co-accountants-k3x9q2');
    expect(practiceSlug('Asesoría Núñez', () => 'abc123')).toBe('asesoria-nunez-abc123');
    expect(practiceSlug('税务', () => 'abc123')).toBe('practice-abc123');
    expect(practiceSlug('x'.repeat(100))).toMatch(/^x{40}-[a-z0-9]{6}$/);
  });
});
