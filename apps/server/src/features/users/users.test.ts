import { Role } from '@vatwise/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { registerUser, signIn } from '../../test/session-client';
import { type TestApp, createTestApp } from '../../test/test-app';

describe('user management', () => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
  });

  async function setup() {
    server = await createTestApp();
    const admin = await registerUser(server.app, 'ada@example.com', 'Ada Admin');
    const editor = await registerUser(server.app, 'ed@example.com', 'Ed Editor');
    const adminId = (await admin.get('/api/me')).json().user.id as string;
    const editorId = (await editor.get('/api/me')).json().user.id as string;
    return { app: server.app, admin, editor, adminId, editorId };
  }

  it('lists users with role, provider and last login, and searches by name or email', async () => {
    const { admin } = await setup();
    const all = (await admin.get('/api/users')).json().users;
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({ email: 'ed@example.com', name: 'Ed Editor', role: Role.Editor, provider: 'email' });
    expect(all[0].lastLoginAt).toEqual(expect.any(String));
    expect(
      (await admin.get('/api/users?search=ADA')).json().users.map((user: { email: string }) => user.email),
    ).toEqual(['ada@example.com']);
    expect((await admin.get('/api/users?search=ed%40')).json().users).toHaveLength(1);
  });

  it("promotes an Editor, which takes effect on that user's next request, and audits it", async () => {
    const { admin, editor, editorId } = await setup();
    expect((await editor.get('/api/users')).statusCode).toBe(403);
    const promoted = await admin.put(`/api/users/${editorId}/role`, { role: Role.Admin });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().user.role).toBe(Role.Admin);
    expect((await editor.get('/api/users')).statusCode).toBe(200);
    const audit = (await admin.get('/api/users/audit-log')).json().entries;
    expect(audit[0]).toMatchObject({
      action: 'role.changed',
      actorEmail: 'ada@example.com',
      targetEmail: 'ed@example.com',
      detail: 'Editor -> Admin',
    });
  });

  it('never demotes or disables the last Admin', async () => {
    const { admin, adminId } = await setup();
    const demote = await admin.put(`/api/users/${adminId}/role`, { role: Role.Editor });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_ADMIN');
    expect((await admin.put(`/api/users/${adminId}/disabled`, { disabled: true })).json().code).toBe('LAST_ADMIN');
    expect((await admin.get('/api/me')).json().user.role).toBe(Role.Admin);
  });

  it('lets an Admin step down once another Admin exists', async () => {
    const { admin, adminId, editorId } = await setup();
    await admin.put(`/api/users/${editorId}/role`, { role: Role.Admin });
    expect((await admin.put(`/api/users/${adminId}/role`, { role: Role.Editor })).statusCode).toBe(200);
    expect((await admin.get('/api/users')).statusCode).toBe(403);
  });

  it('disables an account: its sessions end and it cannot sign in until enabled again', async () => {
    const { app, admin, editor, editorId } = await setup();
    expect((await admin.put(`/api/users/${editorId}/disabled`, { disabled: true })).json().user.disabled).toBe(true);
    expect((await editor.get('/api/me')).json().user).toBeNull();
    const refused = await signIn(app, 'ed@example.com');
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.json().code).toBe('ACCOUNT_DISABLED');

    await admin.put(`/api/users/${editorId}/disabled`, { disabled: false });
    expect((await signIn(app, 'ed@example.com')).response.statusCode).toBe(200);
    const actions = (await admin.get('/api/users/audit-log'))
      .json()
      .entries.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(['user.enabled', 'user.disabled']);
  });

  it('says what to fix in a bad request', async () => {
    const { admin, editorId } = await setup();
    const response = await admin.put(`/api/users/${editorId}/role`, { role: 'boss' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().issues[0].path).toBe('role');
    expect((await admin.put('/api/users/nobody/role', { role: Role.Editor })).statusCode).toBe(404);
  });

  it('treats a stored user without a role as an Editor', async () => {
    const { app, editor, editorId } = await setup();
    await app.database.db.updateTable('user').set({ role: null }).where('id', '=', editorId).execute();
    expect((await editor.get('/api/me')).json().user.role).toBe(Role.Editor);
    expect((await editor.get('/api/users')).statusCode).toBe(403);
  });
});
