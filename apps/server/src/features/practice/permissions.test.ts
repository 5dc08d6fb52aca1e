import crypto from 'node:crypto';
import {
  type PracticeAction,
  practiceActions,
  type PracticeRole,
  practiceRoleCan,
  practiceRoles,
  type ReturnDraft,
  addDays,
  obligationListSchema,
  ukToday,
} from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBusiness, createSandboxUser } from '../../test/hmrc-journey';
import { createPractice, invitationLinkOf, join } from '../../test/practice-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * The permission table (packages/domain/src/practice/permissions.ts) as the server holds it: for
 * each action, the real route called by a member of each role answers 403 with who may, or works.
 */

let server: TestApp & { baseUrl: string };
let members: Record<PracticeRole, SessionClient>;
let practiceId: string;
let vrn: string;
let draft: ReturnDraft;
let periodStart: string;

beforeAll(async () => {
  server = await createListeningTestApp();
  const owner = await registerUser(server.app, 'owner-table@example.com', 'Olga Owner');
  practiceId = await createPractice(owner, 'Table & Co');
  members = {
    owner,
    admin: await join(server, owner, practiceId, 'admin-table@example.com', 'admin', 'Adam Admin'),
    preparer: await join(server, owner, practiceId, 'preparer-table@example.com', 'preparer', 'Pia Preparer'),
    reviewer: await join(server, owner, practiceId, 'reviewer-table@example.com', 'reviewer', 'Rafa Reviewer'),
  };
  vrn = (await connectBusiness(owner)).vrn;
  const today = ukToday();
  const open = await owner.get(`/api/vat/obligations?vrn=${vrn}&from=${addDays(today, -364)}&to=${today}&status=Open`);
  const period = obligationListSchema.parse(open.json()).obligations[0];
  if (!period) throw new Error('no open period in the simulated history');
  periodStart = period.start;
  const started = await owner.post('/api/initiate_vat_return', {
    user_vrn: vrn,
    period_key: period.periodKey,
    flat_rate_scheme: false,
    flat_rate_percentage: null,
  });
  draft = started.json() as ReturnDraft;
}, 60_000);
afterAll(async () => {
  await server.close();
});

/** Someone other than `role`'s member marks the shared return ready (one never approves one's own mark). */
const markedReadyByAnother = async (role: PracticeRole) => {
  const marker = role === 'owner' ? members.admin : members.owner;
  const ready = await marker.post(`/api/vat_returns/${draft.id}/ready`);
  expect(ready.statusCode, ready.body).toBe(200);
};

type Call = (client: SessionClient, role: PracticeRole) => Promise<{ statusCode: number; body: string }>;

/** One real route per action; the preparation it needs is made afresh by the owner for each call. */
const rows: Record<PracticeAction, Call> = {
  read: (client) => client.get('/api/businesses'),
  changeRecords: (client) =>
    client.post('/api/vat_records', {
      vrn,
      kind: 'sale',
      date: periodStart,
      description: 'Table row',
      netPence: 10_000,
      vatPence: 2_000,
      rate: 'standard',
      treatment: 'normal',
    }),
  addNote: (client) => client.post(`/api/vat_returns/${draft.id}/notes`, { text: 'Checked.' }),
  markReady: (client) => client.post(`/api/vat_returns/${draft.id}/ready`),
  approve: async (client, role) => {
    await markedReadyByAnother(role);
    return client.post(`/api/vat_returns/${draft.id}/approve`);
  },
  // Every role may submit: the role check passes and the return is looked for (none has this id).
  submit: (client) =>
    client.post('/api/vat_returns/no-such-return/submit', {
      idempotencyKey: crypto.randomUUID(),
      declarationAccepted: true,
    }),
  reopenApproved: async (client, role) => {
    await markedReadyByAnother(role);
    const approver = role === 'reviewer' ? members.admin : members.reviewer;
    const approved = await approver.post(`/api/vat_returns/${draft.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return client.post(`/api/vat_returns/${draft.id}/reopen`);
  },
  connectBusiness: (client) => client.post('/api/create_sandbox_user', { userType: 'Organisation' }),
  deleteBusiness: async (client) => {
    const business = await connectBusiness(members.owner);
    return client.request({ method: 'DELETE', url: `/api/businesses/${business.vrn}` });
  },
  deleteSandboxUser: async (client) => {
    const user = await createSandboxUser(members.owner);
    return client.request({ method: 'DELETE', url: `/api/sandbox_users/${user.userId}` });
  },
  connectAgentAccount: async (client) => {
    const agent = await createSandboxUser(members.owner, 'Agent');
    return client.get(`/api/get_auth_url?userId=${agent.userId}`);
  },
  // The role check comes before the body's: a permitted role is told what to fix in the body.
  askClients: (client) => client.post('/api/client_requests', {}),
  clearLogs: (client) => client.request({ method: 'DELETE', url: '/api/logs/vat/clear' }),
  managePractice: (client) => client.put('/api/practice/policy', { requireReview: false }),
};

/** What a permitted call answers when it cannot fully succeed for reasons other than the role. */
const permittedOtherwise: Partial<Record<PracticeAction, number>> = { submit: 404, askClients: 400 };

describe('the permission table, row by row on the real routes', () => {
  for (const action of practiceActions) {
    it(`row ${action}`, async () => {
      for (const role of practiceRoles) {
        const response = await rows[action](members[role], role);
        if (practiceRoleCan(role, action)) {
          const expected = permittedOtherwise[action];
          if (expected) expect(response.statusCode, `${role} ${action}: ${response.body}`).toBe(expected);
          else expect(response.statusCode, `${role} ${action}: ${response.body}`).toBeLessThan(300);
        } else {
          expect(response.statusCode, `${role} ${action}: ${response.body}`).toBe(403);
          const body = JSON.parse(response.body) as { code: string; message: string };
          expect(body.code).toBe(action === 'approve' ? 'APPROVER_ROLE_REQUIRED' : 'PRACTICE_ROLE_REQUIRED');
          expect(body.message).toMatch(/^Only the practice’s owner/);
        }
      }
    }, 60_000);
  }

  it('refuses a reviewer’s delete of a business with who may, and keeps the business', async () => {
    const business = await connectBusiness(members.owner);
    const refused = await members.reviewer.request({ method: 'DELETE', url: `/api/businesses/${business.vrn}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'PRACTICE_ROLE_REQUIRED',
      message: 'Only the practice’s owner or an admin may delete a business.',
    });
    const listed = (await members.reviewer.get('/api/businesses')).json() as { businesses: { vrn: string }[] };
    expect(listed.businesses.map((one) => one.vrn)).toContain(business.vrn);
  });

  it('leaves inviting and removing members to owners and admins (better-auth’s own rules)', async () => {
    for (const role of practiceRoles) {
      const invited = await members[role].post('/api/auth/organization/invite-member', {
        email: `invited-by-${role}@example.com`,
        role: 'preparer',
        organizationId: practiceId,
      });
      expect(invited.statusCode, `${role}: ${invited.body}`).toBe(practiceRoleCan(role, 'managePractice') ? 200 : 403);
    }
  });

  it('lets someone working alone do everything in their own workspace', async () => {
    const alone = await registerUser(server.app, 'alone-table@example.com', 'Al Alone');
    const business = await connectBusiness(alone);
    expect((await alone.request({ method: 'DELETE', url: '/api/logs/vat/clear' })).statusCode).toBe(200);
    const agent = await createSandboxUser(alone, 'Agent');
    expect((await alone.get(`/api/get_auth_url?userId=${agent.userId}`)).statusCode).toBe(200);
    expect((await alone.request({ method: 'DELETE', url: `/api/sandbox_users/${agent.userId}` })).statusCode).toBe(204);
    expect((await alone.request({ method: 'DELETE', url: `/api/businesses/${business.vrn}` })).statusCode).toBe(200);
  });
});

describe('accepting an invitation', () => {
  const invite = async (email: string) => {
    const invited = await members.owner.post('/api/auth/organization/invite-member', {
      email,
      role: 'reviewer',
      organizationId: practiceId,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    return (invited.json() as { id: string }).id;
  };
  const accept = (client: SessionClient, invitationId: string, token?: string) =>
    client.request({
      method: 'POST',
      url: '/api/auth/organization/accept-invitation',
      body: { invitationId },
      ...(token ? { headers: { 'x-invitation-token': token } } : {}),
    });

  it('is refused to an address not proved, which does not even see the invitation', async () => {
    const id = await invite('taken-address@example.com');
    // Anyone may sign up with the invited address: without mail it is never proved.
    const outsider = await registerUser(server.app, 'taken-address@example.com', 'Otto Outsider');
    expect((await outsider.get('/api/practice/invitations')).json()).toEqual({ invitations: [] });
    const refused = await accept(outsider, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
    });
    expect((await accept(outsider, id, 'forged-token')).json()).toMatchObject({ code: 'INVITATION_LINK_INVALID' });
    expect((await outsider.post('/api/auth/organization/reject-invitation', { invitationId: id })).statusCode).toBe(
      403,
    );
    const me = (await outsider.get('/api/me')).json() as { user: { practice: unknown } };
    expect(me.user.practice).toBeNull();
  });

  it('works through the link only its sender can hand over', async () => {
    const id = await invite('linked-person@example.com');
    // Only owners and admins get the link.
    expect((await members.preparer.get(`/api/practice/invitations/${id}/link`)).statusCode).toBe(403);
    const { url, token } = await invitationLinkOf(members.admin, id);
    expect(url).toContain(`/app/practice?invitation=${id}&token=`);
    // A link's token is for its own invitation only.
    const other = await invite('someone-else@example.com');
    const person = await registerUser(server.app, 'linked-person@example.com', 'Lin Linked');
    expect((await accept(person, other, token)).json()).toMatchObject({ code: 'INVITATION_LINK_INVALID' });

    const listed = (await person.get(`/api/practice/invitations?invitation=${id}&token=${token}`)).json() as {
      invitations: { id: string; role: string }[];
    };
    expect(listed.invitations).toEqual([expect.objectContaining({ id, role: 'reviewer' })]);
    const accepted = await accept(person, id, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = (await person.get('/api/me')).json() as { user: { practice: { id: string; role: string } | null } };
    expect(me.user.practice).toMatchObject({ id: practiceId, role: 'reviewer' });
  });
});
