import { csvCell, dashboardSchema, practiceAuditPageSchema, practiceClientListSchema } from '@vatwise/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectBusiness } from '../../test/hmrc-journey';
import { createPractice, join } from '../../test/practice-journey';
import { registerUser, type SessionClient } from '../../test/session-client';
import { createListeningTestApp, type TestApp } from '../../test/test-app';

/**
 * A practice's work across its clients: the owner assigns clients to members and each member sees
 * "My clients"; one audit log holds the whole practice's lines, filtered, paged and as CSV, and
 * never another practice's.
 */

let server: TestApp & { baseUrl: string };
beforeAll(async () => {
  server = await createListeningTestApp();
});
afterAll(async () => {
  await server.close();
});

const idOf = async (client: SessionClient) =>
  ((await client.get('/api/me')).json() as { user: { id: string } }).user.id;
const auditOf = async (client: SessionClient, query = '') => {
  const response = await client.get(`/api/practice/audit${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return practiceAuditPageSchema.parse(response.json());
};

describe('a practice’s clients and its audit log', () => {
  it('assigns clients to members, shows each member their own, and logs it practice-wide', async () => {
    const owner = await registerUser(server.app, 'assign-owner@example.com', '=SUM(1+1)');
    const practice = await createPractice(owner, 'Assigning Practice');
    const clientA = await connectBusiness(owner);
    const clientB = await connectBusiness(owner);
    const preparer = await join(server, owner, practice, 'assign-prep@example.com', 'preparer', 'Pat Preparer');
    const preparerId = await idOf(preparer);

    // Another practice, with its own client and lines.
    const other = await registerUser(server.app, 'assign-other@example.com', 'Other Owner');
    const otherPractice = await createPractice(other, 'Other Practice');
    const otherClient = await connectBusiness(other);
    expect(otherPractice).not.toBe(practice);

    const assigned = await owner.put(`/api/practice/clients/${clientA.vrn}/assignee`, { userId: preparerId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const list = practiceClientListSchema.parse(assigned.json());
    expect(list.clients).toEqual([
      expect.objectContaining({ vrn: clientA.vrn, assignee: { id: preparerId, name: 'Pat Preparer' } }),
    ]);
    expect(list.members.map((member) => member.name).sort()).toEqual(['=SUM(1+1)', 'Pat Preparer']);

    // Only the owner or an admin assigns; only to a member; only the practice's own clients.
    const byPreparer = await preparer.put(`/api/practice/clients/${clientB.vrn}/assignee`, { userId: preparerId });
    expect(byPreparer.statusCode).toBe(403);
    const toOutsider = await owner.put(`/api/practice/clients/${clientB.vrn}/assignee`, { userId: await idOf(other) });
    expect(toOutsider.json()).toMatchObject({ code: 'ASSIGNEE_NOT_A_MEMBER' });
    const notOurs = await owner.put(`/api/practice/clients/${otherClient.vrn}/assignee`, { userId: preparerId });
    expect(notOurs.statusCode).toBe(404);

    // "My clients": the preparer's dashboard, filtered, and each row says whose it is.
    const mine = dashboardSchema.parse((await preparer.get('/api/dashboard?mine=true')).json());
    expect(mine.rows.map((row) => row.vrn)).toEqual([clientA.vrn]);
    expect(mine.rows[0]?.assignee).toEqual({ id: preparerId, name: 'Pat Preparer' });
    const all = dashboardSchema.parse((await owner.get('/api/dashboard')).json());
    expect(all.rows.map((row) => row.vrn).sort()).toEqual([clientA.vrn, clientB.vrn].sort());
    expect(dashboardSchema.parse((await owner.get('/api/dashboard?mine=true')).json()).rows).toEqual([]);

    // The audit log: the whole practice's lines, every member may read it.
    const everything = await auditOf(preparer);
    expect(everything.lines.some((line) => line.vrn === otherClient.vrn)).toBe(false);
    expect(everything.lines.map((line) => line.vrn)).toEqual(expect.arrayContaining([clientA.vrn, clientB.vrn]));
    expect(everything.lines.find((line) => line.kind === 'assigned')).toMatchObject({
      vrn: clientA.vrn,
      actorName: '=SUM(1+1)',
      detail: 'Assigned to Pat Preparer',
    });
    expect(everything.total).toBe(everything.lines.length);
    // The client filter offers the practice's clients from its log, with their names, and no other's.
    expect(everything.clients.map((client) => client.vrn).sort()).toEqual([clientA.vrn, clientB.vrn].sort());
    expect(everything.clients.every((client) => client.name !== null && client.name.length > 0)).toBe(true);

    // Filters: kind, client, person, days.
    const byKind = await auditOf(owner, '?kind=assigned');
    expect(byKind.lines.map((line) => line.kind)).toEqual(['assigned']);
    const byClient = await auditOf(owner, `?vrn=${clientB.vrn}`);
    expect(byClient.lines.length).toBeGreaterThan(0);
    expect(byClient.lines.every((line) => line.vrn === clientB.vrn)).toBe(true);
    expect((await auditOf(owner, `?actor=${preparerId}`)).lines).toEqual([]);
    const ownerId = await idOf(owner);
    expect((await auditOf(owner, `?actor=${ownerId}`)).total).toBe(everything.total);
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditOf(owner, `?from=${today}&to=${today}`)).total).toBe(everything.total);
    expect((await auditOf(owner, '?to=2020-01-01')).total).toBe(0);
    // The other practice's log holds only its own.
    const others = await auditOf(other);
    expect(others.lines.length).toBeGreaterThan(0);
    expect(others.lines.every((line) => line.vrn === otherClient.vrn)).toBe(true);
    expect((await auditOf(other, `?vrn=${clientA.vrn}`)).total).toBe(0);

    // As CSV: a formula-looking cell is made text.
    const csv = await owner.get('/api/practice/audit?format=csv&kind=assigned');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const [header, line, ...rest] = csv.body.trim().split('\r\n');
    expect(header).toBe('When (UTC),Person,VRN,Client,What,Detail');
    expect(rest).toEqual([]);
    expect(line).toContain(`,'=SUM(1+1),${clientA.vrn},`);
    expect(line).toMatch(/,assigned,Assigned to Pat Preparer$/);

    const bad = await owner.get('/api/practice/audit?from=yesterday');
    expect(bad.statusCode).toBe(400);

    // A client removed from the practice stays in the filter, by VRN, so its lines can be found.
    expect((await owner.request({ method: 'DELETE', url: `/api/businesses/${clientB.vrn}` })).statusCode).toBe(200);
    const afterRemoval = await auditOf(owner);
    expect(afterRemoval.clients.find((client) => client.vrn === clientB.vrn)).toEqual({ vrn: clientB.vrn, name: null });
    expect(afterRemoval.clients.at(-1)?.vrn).toBe(clientB.vrn);
    expect((await auditOf(owner, `?vrn=${clientB.vrn}`)).total).toBeGreaterThan(0);
  });

  it('escapes cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvCell('+44 20')).toBe("'+44 20");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('plain, with comma')).toBe('"plain, with comma"');
    expect(csvCell('Acme Ltd')).toBe('Acme Ltd');
  });
});
