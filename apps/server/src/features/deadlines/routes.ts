import {
  type DeadlineObligation,
  deadlinesQuerySchema,
  type DeadlinesResponse,
  deadlinesResponseSchema,
  deadlinesResponseFrom,
  icsFileName,
  ukToday,
  vatCalendarIcs,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountHolders, currentUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { fileReply } from '../../plugins/reply-schemas';
import type { FraudHeaderSource, HmrcConnectionService } from '../hmrc-connection';
import type { VatDataService } from '../vat-operations';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DigestService } from './digest';

export interface DeadlineRouteOptions {
  service: HmrcConnectionService;
  vatData: VatDataService;
  fraud: FraudHeaderSource;
  digest: DigestService;
}

interface OpenObligations {
  vrn: string;
  businessName: string;
  obligations: DeadlineObligation[];
}

/**
 * VAT return deadlines for the Home dashboard (issue "Agents, live updates, logs and the HMRC news
 * feed"): the current business's open obligations as a summary, and as a calendar file.
 */
export async function deadlineRoutes(app: FastifyInstance, { service, vatData, fraud, digest }: DeadlineRouteOptions) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  /**
   * Every open obligation HMRC holds for one of the user's businesses (VatDataService.openObligations).
   * Another user's VRN is refused (403) before HMRC is called.
   */
  async function openObligations(request: FastifyRequest, vrn: string): Promise<OpenObligations> {
    const user = currentUser(request);
    const business = (await service.listBusinesses(user)).businesses.find((candidate) => candidate.vrn === vrn);
    if (!business) throw new AppError('BUSINESS_NOT_YOURS');
    const obligations = await vatData.openObligations({
      ownerId: user.workspaceId,
      target: { vrn },
      fraudHeaders: await fraud.forRequest(request, user),
    });
    return { vrn, businessName: business.name, obligations };
  }

  const config = accountHolders;

  api.get(
    '/deadlines',
    { config, schema: { querystring: deadlinesQuerySchema, response: { 200: deadlinesResponseSchema } } },
    async (request): Promise<DeadlinesResponse> => {
      const open = await openObligations(request, request.query.vrn);
      return deadlinesResponseFrom({ ...open, today: ukToday() });
    },
  );

  const calendar = fileReply('The open deadlines as an iCalendar file.', 'text/calendar');
  api.get(
    '/deadlines/calendar.ics',
    { config, schema: { querystring: deadlinesQuerySchema, response: { 200: calendar } } },
    async (request, reply) => {
      const open = await openObligations(request, request.query.vrn);
      const ics = vatCalendarIcs({ ...open, generatedAt: new Date() });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${icsFileName(open.vrn)}"`)
        .header('cache-control', 'private, no-store')
        .send(ics);
    },
  );

  // The opt-in daily e-mail digest of deadline and payment warnings.
  const subscriptionSchema = z.object({ dailyDigest: z.boolean(), delivery: z.enum(['smtp', 'outbox', 'none']) });
  api.get(
    '/reminders',
    { config: accountHolders, schema: { response: { 200: subscriptionSchema } } },
    async (request) => digest.subscription(currentUser(request).id),
  );
  api.put(
    '/reminders',
    {
      config: accountHolders,
      schema: { body: z.object({ dailyDigest: z.boolean() }), response: { 200: subscriptionSchema } },
    },
    async (request) => digest.subscribe(currentUser(request).id, request.body.dailyDigest),
  );
}
