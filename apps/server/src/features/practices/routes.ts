import { practicePolicyChangeSchema, vrnSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser } from '../../plugins/access';
import type { PracticeService } from './service';

export interface PracticeRouteOptions {
  practices: PracticeService;
}

/**
 * What VAT Wise adds to better-auth's practice endpoints (/api/auth/organization/*): the
 * practice's policy, the invitations waiting for the signed-in address, a business's activity.
 */
export async function practiceRoutes(app: FastifyInstance, { practices }: PracticeRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/practice/policy', { config: accountHolders }, async (request) => practices.policy(currentUser(request)));

  api.put(
    '/practice/policy',
    { config: accountHolders, schema: { body: practicePolicyChangeSchema } },
    async (request) => practices.setPolicy(currentUser(request), request.body),
  );

  api.get('/practice/invitations', { config: accountHolders }, async (request) => ({
    invitations: await practices.invitations(currentUser(request)),
  }));

  api.get(
    '/businesses/:vrn/activity',
    { config: accountHolders, schema: { params: z.object({ vrn: vrnSchema }) } },
    async (request) => ({ activity: await practices.activity(currentUser(request), request.params.vrn) }),
  );
}
