import {
  businessActivitySchema,
  practiceInvitationSchema,
  practicePolicyChangeSchema,
  practicePolicySchema,
  vrnSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, practiceMay, currentUser } from '../../plugins/access';
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

  api.get(
    '/practice/policy',
    { config: accountHolders, schema: { response: { 200: practicePolicySchema } } },
    async (request) => practices.policy(currentUser(request)),
  );

  api.put(
    '/practice/policy',
    {
      config: practiceMay('managePractice'),
      schema: { body: practicePolicyChangeSchema, response: { 200: practicePolicySchema } },
    },
    async (request) => practices.setPolicy(currentUser(request), request.body),
  );

  // `invitation` and `token` are the sender's link's, for an address not yet proved.
  api.get(
    '/practice/invitations',
    {
      config: accountHolders,
      schema: {
        querystring: z.object({ invitation: z.string().max(200).optional(), token: z.string().max(200).optional() }),
        response: { 200: z.object({ invitations: z.array(practiceInvitationSchema) }) },
      },
    },
    async (request) => {
      const { invitation, token } = request.query;
      const link = invitation && token ? { id: invitation, token } : undefined;
      return { invitations: await practices.invitations(currentUser(request), link) };
    },
  );

  api.get(
    '/practice/invitations/:id/link',
    {
      config: practiceMay('managePractice'),
      schema: {
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => practices.invitationLink(currentUser(request), request.params.id),
  );

  api.get(
    '/businesses/:vrn/activity',
    {
      config: accountHolders,
      schema: {
        params: z.object({ vrn: vrnSchema }),
        response: { 200: z.object({ activity: z.array(businessActivitySchema) }) },
      },
    },
    async (request) => ({ activity: await practices.activity(currentUser(request), request.params.vrn) }),
  );
}
