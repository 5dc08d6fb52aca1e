import {
  addMarginStockItemBodySchema,
  businessSchemesSchema,
  marginStockItemInputSchema,
  marginStockListQuerySchema,
  marginStockListSchema,
  storedMarginStockItemSchema,
  vatSchemesBodySchema,
  vrnSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import { emptyReply } from '../../../plugins/reply-schemas';
import type { MarginStockService } from './margin-stock-service';
import type { VatSchemeService } from './service';
import { idParams } from '../route-params';

export interface SchemeRouteOptions {
  schemes: VatSchemeService;
  stockBook: MarginStockService;
}

/** The business's VAT schemes and its margin scheme stock book. */
export function schemeRoutes(app: FastifyInstance, { schemes, stockBook }: SchemeRouteOptions): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Changing records, drafts and imports is for the roles that may (plugins/access.ts).
  const changes = practiceMay('changeRecords');

  // --- the business's VAT schemes (cash accounting and the others, each from a date) -----------

  api.get(
    '/vat_schemes',
    {
      config: accountHolders,
      schema: { querystring: z.object({ vrn: vrnSchema }), response: { 200: businessSchemesSchema } },
    },
    async (request) => schemes.schemes(currentUser(request), request.query.vrn),
  );

  // The whole list at once: the spells are checked together (no overlap of one scheme's spells).
  api.put(
    '/vat_schemes',
    { config: changes, schema: { body: vatSchemesBodySchema, response: { 200: businessSchemesSchema } } },
    async (request) => schemes.setSchemes(currentUser(request), request.body.vrn, request.body.schemes),
  );

  // --- the margin scheme stock book (VAT Notice 718): the business's, not one return's ------------

  api.get(
    '/margin_stock_items',
    {
      config: accountHolders,
      schema: { querystring: marginStockListQuerySchema, response: { 200: marginStockListSchema } },
    },
    async (request) => {
      const { vrn, from, to } = request.query;
      return stockBook.list(currentUser(request), vrn, from && to ? { from, to } : undefined);
    },
  );

  api.post(
    '/margin_stock_items',
    {
      config: changes,
      schema: { body: addMarginStockItemBodySchema, response: { 201: storedMarginStockItemSchema } },
    },
    async (request, reply) => {
      const { vrn, ...input } = request.body;
      return reply.code(201).send(await stockBook.add(currentUser(request), vrn, input));
    },
  );

  api.put(
    '/margin_stock_items/:id',
    {
      config: changes,
      schema: { params: idParams, body: marginStockItemInputSchema, response: { 200: storedMarginStockItemSchema } },
    },
    async (request) => stockBook.update(currentUser(request), request.params.id, request.body),
  );

  api.delete(
    '/margin_stock_items/:id',
    { config: changes, schema: { params: idParams, response: { 204: emptyReply('The stock item is deleted.') } } },
    async (request, reply) => {
      await stockBook.delete(currentUser(request), request.params.id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/margin_stock_items/:id/restore',
    { config: changes, schema: { params: idParams, response: { 200: storedMarginStockItemSchema } } },
    async (request) => stockBook.restore(currentUser(request), request.params.id),
  );
}
