import {
  type DeadlineObligation,
  deadlinesQuerySchema,
  type DeadlinesResponse,
  deadlinesResponseFrom,
  icsFileName,
  ukToday,
  vatCalendarIcs,
} from '@vatwise/domain';
import { type HmrcClient, obligationsFrom } from '@vatwise/hmrc';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountHolders, currentUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { parseOrThrow } from '../../plugins/validation';
import { type FraudHeaderSource, type HmrcConnectionService, isNothingToList } from '../hmrc-connection';

export interface DeadlineRouteOptions {
  service: HmrcConnectionService;
  client: HmrcClient;
  fraud: FraudHeaderSource;
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
export async function deadlineRoutes(app: FastifyInstance, { service, client, fraud }: DeadlineRouteOptions) {
  /**
   * Every open obligation HMRC holds for one of the user's businesses: status=O with no dates, the one
   * query HMRC answers without a date range (hmrc-mtd-vat.md 3.4), so an obligation due next year or
   * overdue from long ago is never missed. Another user's VRN is refused (403) before HMRC is called.
   */
  async function openObligations(request: FastifyRequest): Promise<OpenObligations> {
    const { vrn } = parseOrThrow(deadlinesQuerySchema, request.query);
    const user = currentUser(request);
    const business = (await service.listBusinesses(user)).businesses.find((candidate) => candidate.vrn === vrn);
    if (!business) throw new AppError('BUSINESS_NOT_YOURS');
    try {
      const obligations = await service.vatCall(user.id, { vrn }, 'obligations', async (token) =>
        obligationsFrom(
          (
            await client.obligations(
              vrn,
              { status: 'O' },
              { accessToken: token, fraudHeaders: await fraud.headersFor(request, user) },
            )
          ).body,
        ),
      );
      return { vrn, businessName: business.name, obligations };
    } catch (error) {
      // HMRC's 404 NOT_FOUND: no open obligations at all.
      if (isNothingToList(error)) return { vrn, businessName: business.name, obligations: [] };
      throw error;
    }
  }

  app.get('/deadlines', { config: accountHolders }, async (request): Promise<DeadlinesResponse> => {
    const open = await openObligations(request);
    return deadlinesResponseFrom({ ...open, today: ukToday() });
  });

  app.get('/deadlines/calendar.ics', { config: accountHolders }, async (request, reply) => {
    const open = await openObligations(request);
    const ics = vatCalendarIcs({ ...open, generatedAt: new Date() });
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${icsFileName(open.vrn)}"`)
      .header('cache-control', 'private, no-store')
      .send(ics);
  });
}
