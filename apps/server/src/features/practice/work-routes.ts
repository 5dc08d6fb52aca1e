import { assignClientBodySchema, practiceAuditQuerySchema, practiceClientParamsSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser } from '../../plugins/access';
import type { PracticeAuditLog } from './audit';
import type { PracticeClientService } from './clients';

export interface PracticeWorkRouteOptions {
  clients: PracticeClientService;
  audit: PracticeAuditLog;
}

/** A practice's work across its clients: who each client is assigned to, and the practice-wide audit log. */
export async function practiceWorkRoutes(app: FastifyInstance, { clients, audit }: PracticeWorkRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/practice/clients', { config: accountHolders }, async (request) => clients.list(currentUser(request)));

  // The owner or an admin only: checked by the service against the permission table.
  api.put(
    '/practice/clients/:vrn/assignee',
    { config: accountHolders, schema: { params: practiceClientParamsSchema, body: assignClientBodySchema } },
    async (request) => clients.assign(currentUser(request), request.params.vrn, request.body.userId),
  );

  api.get(
    '/practice/audit',
    { config: accountHolders, schema: { querystring: practiceAuditQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.format !== 'csv') return audit.page(user, request.query);
      const csv = await audit.csv(user, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
