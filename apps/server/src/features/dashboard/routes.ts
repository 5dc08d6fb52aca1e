import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser } from '../../plugins/access';
import type { FraudHeaderSource } from '../hmrc-connection';
import type { DashboardService } from './service';

export interface DashboardRouteOptions {
  dashboard: DashboardService;
  fraud: FraudHeaderSource;
}

/** The practice dashboard: every business the user reaches, as HMRC last stood for it. */
export async function dashboardRoutes(app: FastifyInstance, { dashboard, fraud }: DashboardRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/dashboard',
    {
      config: accountHolders,
      schema: { querystring: z.object({ refresh: z.enum(['true', 'false']).optional() }) },
    },
    async (request) => {
      const user = currentUser(request);
      return dashboard.dashboard(user, await fraud.forRequest(request, user), request.query.refresh === 'true');
    },
  );
}
