import {
  paymentJourneyListSchema,
  paymentJourneyParamsSchema,
  paymentJourneySchema,
  paymentJourneysQuerySchema,
  startedPaymentSchema,
  startPaymentBodySchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser, practiceMay } from '../../plugins/access';
import type { FraudHeaderSource, VatTarget } from '../hmrc-connection';
import type { VatReader } from '../vat-operations';
import type { PaymentService } from './service';

export interface PaymentRouteOptions {
  payments: PaymentService;
  fraud: FraudHeaderSource;
}

/**
 * Paying HMRC (docs/paying-hmrc.md). Starting a payment takes the practice action `submit`: the
 * roles that may file a return may pay what it owes (packages/domain/src/practice/permissions.ts);
 * reading how a payment went takes `read`.
 */
export async function paymentRoutes(app: FastifyInstance, options: PaymentRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { payments, fraud } = options;

  async function readerOf(request: FastifyRequest, target: VatTarget): Promise<VatReader> {
    const user = currentUser(request);
    return { ownerId: user.workspaceId, target, fraudHeaders: await fraud.forRequest(request, user) };
  }

  api.post(
    '/payments',
    {
      config: practiceMay('submit'),
      schema: { body: startPaymentBodySchema, response: { 201: startedPaymentSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const started = await payments.start(
        currentUser(request),
        await readerOf(request, { vrn: body.vrn, userId: body.userId }),
        body,
      );
      return reply.code(201).send(started);
    },
  );

  api.get(
    '/payments',
    {
      config: practiceMay('read'),
      schema: { querystring: paymentJourneysQuerySchema, response: { 200: paymentJourneyListSchema } },
    },
    async (request) => ({ journeys: await payments.recent(currentUser(request), request.query.vrn) }),
  );

  api.get(
    '/payments/:id',
    {
      config: practiceMay('read'),
      schema: { params: paymentJourneyParamsSchema, response: { 200: paymentJourneySchema } },
    },
    async (request) => payments.journey(currentUser(request), request.params.id, (vrn) => readerOf(request, { vrn })),
  );
}
