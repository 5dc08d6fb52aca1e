import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { invitationIdOf, invitationSchema, invitationsSchema } from './agent-authorisation';

// HMRC's own examples of the Agent Authorisation API, kept beside the simulator that serves them.
const examples = path.resolve(__dirname, '../../../hmrc-sandbox/reference/agent-authorisation/examples');
const example = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(examples, name), 'utf8'));

describe('HMRC’s agent invitations as VAT Wise reads them', () => {
  it('reads a pending and an answered invitation of HMRC’s examples', () => {
    const pending = invitationSchema.parse(example('get-agency-invitation-pending-example.json'));
    expect(pending).toMatchObject({ status: 'Pending', service: 'MTD-IT' });
    expect(pending.clientActionUrl).toMatch(/^https:\/\//);
    expect(invitationIdOf(pending._links.self.href)).toBe('CS5AK7O8FPC43');
    const answered = invitationSchema.parse(example('get-agency-invitation-responded-example.json'));
    expect(answered).toMatchObject({ status: 'Accepted', service: 'MTD-VAT' });
    expect(invitationsSchema.parse(example('get-agency-invitations-example.json'))).toHaveLength(2);
  });

  it('reads the service written as HMRC’s definition says (an array of one) as well as a string', () => {
    const fromDefinition = {
      ...(example('get-agency-invitation-responded-example.json') as object),
      service: ['MTD-VAT'],
    };
    expect(invitationSchema.parse(fromDefinition).service).toBe('MTD-VAT');
  });

  it('refuses a status HMRC does not have', () => {
    const unknown = { ...(example('get-agency-invitation-responded-example.json') as object), status: 'Approved' };
    expect(invitationSchema.safeParse(unknown).success).toBe(false);
  });

  it('takes the id from a Location header or a self link alike', () => {
    expect(invitationIdOf('/agents/AARN9999999/invitations/CS5AK7O8FPC43')).toBe('CS5AK7O8FPC43');
    expect(invitationIdOf('https://api.example/agents/AARN9999999/invitations/ABC/')).toBe('ABC');
  });
});
