import {
  addClientBodySchema,
  clientRequestIdParamsSchema,
  clientRequestListSchema,
  clientRequestSchema,
  clientRequestsQuerySchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountHolders, practiceMay, currentUser } from '../../plugins/access';
import type { FraudHeaderSource } from '../hmrc-connection';
import type { ClientRequestService } from './service';

export interface ClientRequestRouteOptions {
  clientRequests: ClientRequestService;
  fraud: FraudHeaderSource;
}

/** A tax agent's requests for clients' authority: list, send, cancel, and sandbox answers. */
export async function clientRequestRoutes(app: FastifyInstance, options: ClientRequestRouteOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { clientRequests, fraud } = options;

  api.get(
    '/client_requests',
    {
      config: accountHolders,
      schema: { querystring: clientRequestsQuerySchema, response: { 200: clientRequestListSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return clientRequests.list(user, await fraud.forRequest(request, user), {
        refresh: request.query.refresh === 'true',
      });
    },
  );

  api.post(
    '/client_requests',
    {
      config: practiceMay('askClients'),
      schema: { body: addClientBodySchema, response: { 201: clientRequestSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await clientRequests.create(user, await fraud.forRequest(request, user), request.body);
      return reply.code(201).send(created);
    },
  );

  api.post(
    '/client_requests/:id/cancel',
    {
      config: practiceMay('askClients'),
      schema: { params: clientRequestIdParamsSchema, response: { 200: clientRequestListSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return clientRequests.cancel(user, await fraud.forRequest(request, user), request.params.id);
    },
  );

  // Re-checks every authority at once: waiting requests' answers and accepted clients' relationships.
  const recheck = { config: accountHolders, schema: { response: { 200: clientRequestListSchema } } };
  api.post('/client_requests/recheck', recheck, async (request) => {
    const user = currentUser(request);
    return clientRequests.recheck(user, await fraud.forRequest(request, user));
  });

  api.post(
    '/client_requests/:id/ask_again',
    {
      config: practiceMay('askClients'),
      schema: { params: clientRequestIdParamsSchema, response: { 201: clientRequestSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const created = await clientRequests.askAgain(user, await fraud.forRequest(request, user), request.params.id);
      return reply.code(201).send(created);
    },
  );

  api.post(
    '/client_requests/:id/end_authority',
    {
      config: practiceMay('deleteBusiness'),
      schema: { params: clientRequestIdParamsSchema, response: { 200: clientRequestListSchema } },
    },
    async (request) => {
      const user = currentUser(request);
      return clientRequests.endAuthority(user, await fraud.forRequest(request, user), request.params.id);
    },
  );

  api.post(
    '/client_requests/:id/sandbox_answer',
    {
      config: practiceMay('askClients'),
      schema: {
        params: clientRequestIdParamsSchema,
        body: z.object({ accept: z.boolean() }),
        response: { 200: clientRequestListSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const headers = await fraud.forRequest(request, user);
      return clientRequests.answerAsSandboxClient(user, headers, request.params.id, request.body.accept);
    },
  );
}
