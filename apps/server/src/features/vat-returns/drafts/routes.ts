import {
  initiateReturnBodySchema,
  returnComparisonSchema,
  returnDraftListSchema,
  returnDraftSchema,
  updateDraftBodySchema,
  vrnSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import { emptyReply } from '../../../plugins/reply-schemas';
import type { FraudHeaderSource } from '../../hmrc-connection';
import type { DraftService } from './service';
import { idParams } from '../route-params';

export interface DraftRouteOptions {
  drafts: DraftService;
  /** Each HMRC call made for a request carries the fraud prevention headers worked out from it. */
  fraud: FraudHeaderSource;
}

/** A return from its start (docs/reference/product.md §7's /initiate_vat_return): read, changed, discarded, compared. */
export function draftRoutes(app: FastifyInstance, { drafts, fraud }: DraftRouteOptions): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Changing records, drafts and imports is for the roles that may (plugins/access.ts).
  const changes = practiceMay('changeRecords');

  api.post(
    '/initiate_vat_return',
    // 201 for a new return; 200 for the period's return already begun.
    {
      config: changes,
      schema: { body: initiateReturnBodySchema, response: { 200: returnDraftSchema, 201: returnDraftSchema } },
    },
    async (request, reply) => {
      const body = request.body;
      const user = currentUser(request);
      const { draft, created } = await drafts.initiate(user, await fraud.forRequest(request, user), {
        vrn: body.user_vrn,
        userId: body.user_id === user.id ? undefined : body.user_id,
        periodKey: body.period_key,
        flatRateScheme: body.flat_rate_scheme,
        flatRatePercentage: body.flat_rate_percentage,
        flatRateSector: body.flat_rate_sector,
      });
      return reply.code(created ? 201 : 200).send(draft);
    },
  );

  api.get(
    '/vat_returns',
    {
      config: accountHolders,
      schema: { querystring: z.object({ vrn: vrnSchema }), response: { 200: returnDraftListSchema } },
    },
    async (request) => {
      const { vrn } = request.query;
      return { returns: await drafts.list(currentUser(request), vrn) };
    },
  );

  api.get(
    '/vat_returns/:id',
    { config: accountHolders, schema: { params: idParams, response: { 200: returnDraftSchema } } },
    async (request) => {
      const { id } = request.params;
      return drafts.get(currentUser(request), id);
    },
  );

  api.put(
    '/vat_returns/:id',
    {
      config: changes,
      schema: { params: idParams, body: updateDraftBodySchema, response: { 200: returnDraftSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { flatRate } = request.body;
      return drafts.updateFlatRate(currentUser(request), id, flatRate);
    },
  );

  api.delete(
    '/vat_returns/:id',
    { config: changes, schema: { params: idParams, response: { 204: emptyReply('The return is discarded.') } } },
    async (request, reply) => {
      const { id } = request.params;
      await drafts.discard(currentUser(request), id);
      return reply.code(204).send();
    },
  );

  // The boxes beside the previous period and the same period last year (HMRC's copy when we have none).
  api.get(
    '/vat_returns/:id/comparison',
    { config: accountHolders, schema: { params: idParams, response: { 200: returnComparisonSchema } } },
    async (request) => {
      const user = currentUser(request);
      return drafts.comparison(user, await fraud.forRequest(request, user), request.params.id);
    },
  );
}
