import multipart from '@fastify/multipart';
import { importPreviewSchema, importRecordListSchema, importResultSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import type { ImportService } from './service';
import { importMultipartOptions, readImportUpload } from './upload';

export interface ImportRouteOptions {
  imports: ImportService;
}

/** Imports (bridging): a CSV or XLSX file previewed, then applied, and the return's imports listed. */
export async function importRoutes(app: FastifyInstance, { imports }: ImportRouteOptions): Promise<void> {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Changing records, drafts and imports is for the roles that may (plugins/access.ts).
  const changes = practiceMay('changeRecords');

  // Files come as multipart/form-data (imports/upload.ts), read as they stream.
  await app.register(multipart, importMultipartOptions);

  api.post(
    '/vat_imports/preview',
    { config: changes, schema: { response: { 200: importPreviewSchema } } },
    async (request) => imports.preview(currentUser(request), await readImportUpload(request)),
  );

  api.post(
    '/vat_imports',
    { config: changes, schema: { response: { 201: importResultSchema } } },
    async (request, reply) => {
      const result = await imports.apply(currentUser(request), await readImportUpload(request));
      return reply.code(201).send(result);
    },
  );

  api.get(
    '/vat_imports',
    {
      config: accountHolders,
      schema: { querystring: z.object({ draftId: z.string().min(1) }), response: { 200: importRecordListSchema } },
    },
    async (request) => {
      const { draftId } = request.query;
      return { imports: await imports.list(currentUser(request), draftId) };
    },
  );
}
