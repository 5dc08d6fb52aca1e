import {
  clientAnswerSchema,
  clientApprovalPageSchema,
  clientApproveBodySchema,
  clientQueryBodySchema,
  sendClientApprovalBodySchema,
  sentClientApprovalSchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, everyone, practiceMay } from '../../../plugins/access';
import type { ClientApprovalService, ClientOrigin } from './service';

const idParams = z.object({ id: z.string().min(1).max(64) });
const tokenParams = z.object({ token: z.string().min(1).max(100) });
/** The client's link needs no account: these answer anyone holding it, within the API's rate limit. */

const originOf = (request: FastifyRequest): ClientOrigin => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? null,
});

/** Sending a return to its client for approval, and the client's own page (docs/practice.md). */
export async function clientApprovalRoutes(
  app: FastifyInstance,
  { clientApproval }: { clientApproval: ClientApprovalService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/vat_returns/:id/client_approval',
    // Asking the client is a step of preparing, as marking ready is (the roles table, practice/permissions.ts).
    {
      config: practiceMay('markReady'),
      schema: { params: idParams, body: sendClientApprovalBodySchema, response: { 201: sentClientApprovalSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await clientApproval.send(currentUser(request), request.params.id, request.body.email)),
  );

  api.get(
    '/client_approval/:token',
    { config: everyone, schema: { params: tokenParams, response: { 200: clientApprovalPageSchema } } },
    async (request, reply) => {
      // The link is a secret: no cache keeps the page.
      void reply.header('cache-control', 'no-store');
      return clientApproval.page(request.params.token);
    },
  );

  api.post(
    '/client_approval/:token/approve',
    {
      config: everyone,
      schema: { params: tokenParams, body: clientApproveBodySchema, response: { 200: clientAnswerSchema } },
    },
    async (request) => clientApproval.approve(request.params.token, request.body, originOf(request)),
  );

  api.post(
    '/client_approval/:token/query',
    {
      config: everyone,
      schema: { params: tokenParams, body: clientQueryBodySchema, response: { 200: clientAnswerSchema } },
    },
    async (request) => clientApproval.query(request.params.token, request.body, originOf(request)),
  );
}
