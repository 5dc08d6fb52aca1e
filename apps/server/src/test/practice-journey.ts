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
  const waiting = (await member.get('/api/practice/invitations')).json() as { invitations: PracticeInvitation[] };
  const invitation = waiting.invitations.find((one) => one.role === role);
  expect(invitation).toBeDefined();
  const accepted = await member.post('/api/auth/organization/accept-invitation', { invitationId: invitation?.id });
  expect(accepted.statusCode, accepted.body).toBe(200);
  await switchTo(member, practiceId);
  return member;
}
