import { dashboardSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser, type SessionUser } from '../../plugins/access';
import type { FraudHeaderSource } from '../hmrc-connection';
import type { DashboardService } from './service';

export interface DashboardRouteOptions {
  dashboard: DashboardService;
  fraud: FraudHeaderSource;
  /** Who each client (VRN) is assigned to in the workspace, for "My clients". */
  assignees?: (user: SessionUser) => Promise<Map<string, { id: string; name: string }>>;
}

/** The practice dashboard: every business the user reaches, as HMRC last stood for it. */
export async function dashboardRoutes(app: FastifyInstance, { dashboard, fraud, assignees }: DashboardRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/dashboard',
    {
      config: accountHolders,
      schema: {
        querystring: z.object({
          refresh: z.enum(['true', 'false']).optional(),
          /** Only the clients assigned to the signed-in member. */
          mine: z.enum(['true', 'false']).optional(),
        }),
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [answer, assigned] = await Promise.all([
        dashboard.dashboard(user, await fraud.forRequest(request, user), request.query.refresh === 'true'),
        assignees ? assignees(user) : Promise.resolve(new Map<string, { id: string; name: string }>()),
      ]);
      const rows = answer.rows
        .map((row) => ({ ...row, assignee: assigned.get(row.vrn) ?? null }))
        .filter((row) => request.query.mine !== 'true' || row.assignee?.id === user.id);
      return { ...answer, rows, reading: rows.filter((row) => row.reading).length };
    },
  );
}
