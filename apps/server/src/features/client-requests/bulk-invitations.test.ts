import { bulkInvitationAnswerSchema, practiceClientListSchema } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorise, createSandboxUser } from '../../test/hmrc-journey';
import { registerUser } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';
import { readRegistrationDate } from './index';

/**
 * Inviting many clients from a CSV against the simulator's Agent Authorisation API: every row
 * gets its own outcome, sent with the client's link or refused with the reason in words.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

/** 31/01/2020 from 2020-01-31: the way UK spreadsheets write dates. */
const dayFirst = (iso: string) => iso.split('-').reverse().join('/');

describe('inviting clients from a CSV', () => {
  it('gives each row its own outcome: sent with the link, or refused with the reason', async () => {
    const agent = await registerUser(server.app, 'bulk-agent@example.com');
    const agentUser = await createSandboxUser(agent, 'Agent');
    expect((await authorise(agent, agentUser)).response.statusCode).toBe(200);
    const someone = await registerUser(server.app, 'bulk-clients@example.com');
    const first = await createSandboxUser(someone, 'Organisation');
    const second = await createSandboxUser(someone, 'Organisation');
    const third = await createSandboxUser(someone, 'Organisation');
    const wrongDate = second.vatRegistrationDate === '2001-01-01' ? '02/01/2001' : '01/01/2001';
    const csv = [
      'VRN,Registration date,Name,Email',
      `${first.vrn},${dayFirst(first.vatRegistrationDate ?? '')},First Ltd,first@example.com`,
      `${second.vrn},${wrongDate},Second Ltd,second@example.com`,
      '123,01/01/2020,Bad Number Ltd,',
      `${first.vrn},${dayFirst(first.vatRegistrationDate ?? '')},First again,`,
      `${third.vrn},sometime in 2019,Third Ltd,`,
    ].join('\n');

    const preview = await agent.post('/api/client_requests/bulk', { userId: agentUser.userId, csv, preview: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(bulkInvitationAnswerSchema.parse(preview.json()).results.map((row) => row.outcome)).toEqual([
      'ready',
      'ready',
      'refused',
      'refused',
      'refused',
    ]);
    // A preview asks HMRC nothing.
    expect((await agent.get('/api/client_requests')).json()).toMatchObject({ requests: [] });

    const sent = await agent.post('/api/client_requests/bulk', { userId: agentUser.userId, csv });
    expect(sent.statusCode, sent.body).toBe(200);
    const answer = bulkInvitationAnswerSchema.parse(sent.json());
    expect(answer).toMatchObject({ sent: 1, refused: 4 });
    const [ok, mismatch, badVrn, twice, unreadable] = answer.results;
    expect(ok).toMatchObject({ row: 2, outcome: 'sent', vrn: first.vrn, registrationDate: first.vatRegistrationDate });
    expect(ok?.link).toMatch(/\/agent-client-relationships\/appoint-someone-to-deal-with-HMRC-for-you\//);
    expect(mismatch).toMatchObject({ row: 3, outcome: 'refused', code: 'CLIENT_DATE_MISMATCH', link: null });
    expect(mismatch?.reason).toMatch(/registration date does not match/);
    expect(badVrn).toMatchObject({ row: 4, outcome: 'refused' });
    expect(badVrn?.reason).toMatch(/VRN is not valid/);
    expect(twice).toMatchObject({ row: 5, outcome: 'refused', reason: 'This VRN is also on row 2: each client once.' });
    expect(unreadable?.reason).toMatch(/cannot be read.*day first/);

    // The invited client's address is kept with the client.
    const clients = practiceClientListSchema.parse((await agent.get('/api/practice/clients')).json()).clients;
    expect(clients).toEqual([expect.objectContaining({ vrn: first.vrn, email: 'first@example.com' })]);

    // Asking again while the first request waits is refused in words.
    const again = await agent.post('/api/client_requests/bulk', {
      userId: agentUser.userId,
      csv: `vrn;vat registration date\n${first.vrn};${first.vatRegistrationDate}\n`,
    });
    expect(bulkInvitationAnswerSchema.parse(again.json()).results).toEqual([
      expect.objectContaining({ outcome: 'refused', code: 'CLIENT_REQUEST_PENDING' }),
    ]);
  });

  it('refuses a file without the columns, or with too many rows, saying what to fix', async () => {
    const agent = await registerUser(server.app, 'bulk-limits@example.com');
    const noColumns = await agent.post('/api/client_requests/bulk', { userId: 'someone', csv: 'Company,Town\nA,B\n' });
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.json()).toMatchObject({ code: 'CLIENT_LIST_UNREADABLE' });
    const rows = Array.from({ length: 201 }, () => '123456789,01/01/2020,A,');
    const tooMany = await agent.post('/api/client_requests/bulk', {
      userId: 'someone',
      csv: ['VRN,Registration date,Name,Email', ...rows].join('\n'),
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()).toMatchObject({ code: 'CLIENT_LIST_TOO_LONG' });
  });

  it('reads registration dates written the common ways, day first', () => {
    expect(readRegistrationDate('2020-01-31')).toBe('2020-01-31');
    expect(readRegistrationDate('31/01/2020')).toBe('2020-01-31');
    expect(readRegistrationDate('1.2.2020')).toBe('2020-02-01');
    expect(readRegistrationDate('3 Feb 2020')).toBe('2020-02-03');
    expect(readRegistrationDate('01/31/2020')).toBeNull();
    expect(readRegistrationDate('2020-02-30')).toBeNull();
  });
});
