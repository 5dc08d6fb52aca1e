import { randomUUID } from 'node:crypto';
import type { PracticeInvitation } from '@vatwise/domain';
import { expect } from 'vitest';
import type { TestApp } from './test-app';
import { registerUser, type SessionClient } from './session-client';

/** Practices as the web app drives them: better-auth's organization endpoints, then ours. */

/** A practice made by `owner`, whose session then works in it. */
export async function createPractice(owner: SessionClient, name: string) {
  const created = await owner.post('/api/auth/organization/create', { name, slug: `practice-${randomUUID()}` });
  expect(created.statusCode, created.body).toBe(200);
  const { id } = created.json() as { id: string };
  await switchTo(owner, id);
  return id;
}

export async function switchTo(client: SessionClient, practiceId: string | null) {
  const response = await client.post('/api/auth/organization/set-active', { organizationId: practiceId });
  expect(response.statusCode, response.body).toBe(200);
}

/** Invites `email` as `role`; the invited person accepts and works in the practice. */
export async function join(
  server: TestApp,
  owner: SessionClient,
  practiceId: string,
  email: string,
  role: string,
  name: string,
) {
  const invited = await owner.post('/api/auth/organization/invite-member', { email, role, organizationId: practiceId });
  expect(invited.statusCode, invited.body).toBe(200);
  const member = await registerUser(server.app, email, name);
  // Without mail the address is not proved: the person accepts through the link the owner hands over.
  const id = (invited.json() as { id: string }).id;
  const { token } = await invitationLinkOf(owner, id);
  const waiting = (await member.get(`/api/practice/invitations?invitation=${id}&token=${token}`)).json() as {
    invitations: PracticeInvitation[];
  };
  const invitation = waiting.invitations.find((one) => one.role === role);
  expect(invitation).toBeDefined();
  const accepted = await member.request({
    method: 'POST',
    url: '/api/auth/organization/accept-invitation',
    body: { invitationId: invitation?.id },
    headers: { 'x-invitation-token': token },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await switchTo(member, practiceId);
  return member;
}

/** The invitation link an owner or admin hands over, and its token. */
export async function invitationLinkOf(sender: SessionClient, invitationId: string) {
  const response = await sender.get(`/api/practice/invitations/${invitationId}/link`);
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  return { url, token: new URL(url).searchParams.get('token') ?? '' };
}
