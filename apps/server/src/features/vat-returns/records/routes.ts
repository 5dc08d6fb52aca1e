import {
  createRecordBodySchema,
  recordListQuerySchema,
  recordPageQuerySchema,
  recordPageSchema,
  vatRecordInputSchema,
  vatRecordListSchema,
  vatRecordSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import { emptyReply } from '../../../plugins/reply-schemas';
import type { RecordService } from './service';
import { idParams } from '../route-params';

export interface RecordRouteOptions {
  records: RecordService;
}

/** A business's VAT records, and a return's records a page at a time. */
export function recordRoutes(app: FastifyInstance, { records }: RecordRouteOptions): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Changing records, drafts and imports is for the roles that may (plugins/access.ts).
  const changes = practiceMay('changeRecords');

  api.get(
    '/vat_records',
    { config: accountHolders, schema: { querystring: recordListQuerySchema, response: { 200: vatRecordListSchema } } },
    async (request) => {
      const { vrn, from, to } = request.query;
      return { records: await records.listRecords(currentUser(request), vrn, from, to) };
    },
  );

  api.post(
    '/vat_records',
    { config: changes, schema: { body: createRecordBodySchema, response: { 201: vatRecordSchema } } },
    async (request, reply) => {
      const { vrn, ...input } = request.body;
      const record = await records.addRecord(currentUser(request), vrn, vatRecordInputSchema.parse(input));
      return reply.code(201).send(record);
    },
  );

  api.put(
    '/vat_records/:id',
    { config: changes, schema: { params: idParams, body: vatRecordInputSchema, response: { 200: vatRecordSchema } } },
    async (request) => {
      const { id } = request.params;
      return records.updateRecord(currentUser(request), id, request.body);
    },
  );

  api.delete(
    '/vat_records/:id',
    { config: changes, schema: { params: idParams, response: { 204: emptyReply('The record is deleted.') } } },
    async (request, reply) => {
      const { id } = request.params;
      await records.deleteRecord(currentUser(request), id);
      return reply.code(204).send();
    },
  );

  api.post(
    '/vat_records/:id/restore',
    { config: changes, schema: { params: idParams, response: { 200: vatRecordSchema } } },
    async (request) => {
      const { id } = request.params;
      return records.restoreRecord(currentUser(request), id);
    },
  );

  // A page of the return's records (sorted, searched, filtered by box): the Return page never loads them all.
  api.get(
    '/vat_returns/:id/records',
    {
      config: accountHolders,
      schema: { params: idParams, querystring: recordPageQuerySchema, response: { 200: recordPageSchema } },
    },
    async (request) => {
      const { id } = request.params;
      return records.recordPage(currentUser(request), id, request.query);
    },
  );
}
