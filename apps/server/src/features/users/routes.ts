import { Role, setDisabledBodySchema, updateRoleBodySchema, userListQuerySchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../plugins/access';
import { parseOrThrow } from '../../plugins/validation';
import { auditLog, changeRole, listUsers, setDisabled } from './service';

const adminOnly = { access: [Role.Admin] } as const;
const idParams = z.object({ id: z.string().min(1) });

/** User Management (Admin only): list and search, change a role, disable or enable, read the audit log. */
export async function userRoutes(app: FastifyInstance) {
  const db = app.database.db;

  app.get('/users', { config: adminOnly }, async (request) => {
    const { search } = parseOrThrow(userListQuerySchema, request.query);
    return { users: await listUsers(db, search) };
  });

  app.put('/users/:id/role', { config: adminOnly }, async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    const { role } = parseOrThrow(updateRoleBodySchema, request.body);
    const result = await changeRole(db, currentUser(request), id, role);
    app.sessionCache.forgetUser(id);
    return result;
  });

  app.put('/users/:id/disabled', { config: adminOnly }, async (request) => {
    const { id } = parseOrThrow(idParams, request.params);
    const { disabled } = parseOrThrow(setDisabledBodySchema, request.body);
    const result = await setDisabled(db, currentUser(request), id, disabled);
    app.sessionCache.forgetUser(id);
    return result;
  });

  app.get('/users/audit-log', { config: adminOnly }, async () => ({ entries: await auditLog(db) }));
}
