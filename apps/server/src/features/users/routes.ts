import {
  auditEntrySchema,
  setDisabledBodySchema,
  updateRoleBodySchema,
  userListQuerySchema,
  userRecordSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { adminsOnly, currentUser } from '../../plugins/access';
import { auditLog, changeRole, listUsers, setDisabled } from './service';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

const idParams = z.object({ id: z.string().min(1) });
/** A changed account, and the audit entry of the change (none when nothing changed). */
const userChangeSchema = z.object({ user: userRecordSchema, audit: auditEntrySchema.optional() });

/** User Management (Admin only): list and search, change a role, disable or enable, read the audit log. */
export async function userRoutes(app: FastifyInstance) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;

  api.get(
    '/users',
    {
      config: adminsOnly,
      schema: { querystring: userListQuerySchema, response: { 200: z.object({ users: z.array(userRecordSchema) }) } },
    },
    async (request) => {
      const { search } = request.query;
      return { users: await listUsers(db, search) };
    },
  );

  api.put(
    '/users/:id/role',
    {
      config: adminsOnly,
      schema: { params: idParams, body: updateRoleBodySchema, response: { 200: userChangeSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { role } = request.body;
      const result = await changeRole(db, currentUser(request), id, role);
      app.sessionCache.forgetUser(id);
      return result;
    },
  );

  api.put(
    '/users/:id/disabled',
    {
      config: adminsOnly,
      schema: { params: idParams, body: setDisabledBodySchema, response: { 200: userChangeSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { disabled } = request.body;
      const result = await setDisabled(db, currentUser(request), id, disabled);
      app.sessionCache.forgetUser(id);
      return result;
    },
  );

  api.get(
    '/users/audit-log',
    { config: adminsOnly, schema: { response: { 200: z.object({ entries: z.array(auditEntrySchema) }) } } },
    async () => ({ entries: await auditLog(db) }),
  );
}
