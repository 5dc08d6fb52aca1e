import {
  assignClientBodySchema,
  practiceAuditPageSchema,
  practiceAuditQuerySchema,
  practiceClientListSchema,
  practiceClientParamsSchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser } from '../../plugins/access';
import { fileReply } from '../../plugins/reply-schemas';
import type { PracticeAuditLog } from './audit';
import type { PracticeClientService } from './clients';

export interface PracticeWorkRouteOptions {
  clients: PracticeClientService;
  audit: PracticeAuditLog;
}

/** A practice's work across its clients: who each client is assigned to, and the practice-wide audit log. */
export async function practiceWorkRoutes(app: FastifyInstance, { clients, audit }: PracticeWorkRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/practice/clients',
    { config: accountHolders, schema: { response: { 200: practiceClientListSchema } } },
    async (request) => clients.list(currentUser(request)),
  );

  // The owner or an admin only: checked by the service against the permission table.
  api.put(
    '/practice/clients/:vrn/assignee',
    {
      config: accountHolders,
      schema: {
        params: practiceClientParamsSchema,
        body: assignClientBodySchema,
        response: { 200: practiceClientListSchema },
      },
    },
    async (request) => clients.assign(currentUser(request), request.params.vrn, request.body.userId),
  );

  api.get(
    '/practice/audit',
    {
      config: accountHolders,
      schema: {
        querystring: practiceAuditQuerySchema,
        // A page of the log as JSON, or (format=csv) the whole log as a CSV file.
        response: {
          200: {
            description: 'A page of the audit log, or with format=csv the whole log as a CSV file.',
            content: {
              'application/json': { schema: practiceAuditPageSchema },
              ...fileReply('', 'text/csv').content,
            },
          },
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (request.query.format !== 'csv') return audit.page(user, request.query);
      const csv = await audit.csv(user, request.query);
      // The CSV is text the route writes itself, outside the JSON reply's type.
      return (reply as FastifyReply)
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
}
