import { errorCorrectionInputSchema, returnErrorCorrectionsSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import type { ErrorCorrectionService } from './service';
import { idParams } from '../route-params';

export interface ErrorCorrectionRouteOptions {
  errorCorrections: ErrorCorrectionService;
}

/** Errors found in earlier returns (VAT Notice 700/45), kept with the return that corrects them. */
export function errorCorrectionRoutes(app: FastifyInstance, { errorCorrections }: ErrorCorrectionRouteOptions): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Changing records, drafts and imports is for the roles that may (plugins/access.ts).
  const changes = practiceMay('changeRecords');

  // Each route answers the return's corrections as they now stand, with their working.
  api.get(
    '/vat_returns/:id/error_corrections',
    { config: accountHolders, schema: { params: idParams, response: { 200: returnErrorCorrectionsSchema } } },
    (request) => errorCorrections.list(currentUser(request), request.params.id),
  );

  api.post(
    '/vat_returns/:id/error_corrections',
    {
      config: changes,
      schema: { params: idParams, body: errorCorrectionInputSchema, response: { 201: returnErrorCorrectionsSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await errorCorrections.add(currentUser(request), request.params.id, request.body)),
  );

  api.delete(
    '/vat_returns/:id/error_corrections/:correctionId',
    {
      config: changes,
      schema: {
        params: idParams.extend({ correctionId: z.string().min(1).max(64) }),
        response: { 200: returnErrorCorrectionsSchema },
      },
    },
    (request) => errorCorrections.remove(currentUser(request), request.params.id, request.params.correctionId),
  );
}
