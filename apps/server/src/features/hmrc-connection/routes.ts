import {
  addBusinessBodySchema,
  apiErrorBodySchema,
  businessListSchema,
  checkAuthQuerySchema,
  checkAuthResponseSchema,
  createSandboxUserBodySchema,
  exchangeCodeBodySchema,
  exchangeCodeResponseSchema,
  getAuthUrlQuerySchema,
  getAuthUrlResponseSchema,
  hmrcUserIdSchema,
  refreshTokenBodySchema,
  refreshTokenResponseSchema,
  sandboxUserListSchema,
  sandboxUserSchema,
  selectBusinessBodySchema,
  vrnSchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountHolders, currentUser, practiceMay } from '../../plugins/access';
import { AppError, errorBody } from '../../plugins/errors';
import { emptyReply } from '../../plugins/reply-schemas';
import type { FraudHeaderSource } from './fraud-headers';
import type { SandboxUserService } from './sandbox-users';
import type { HmrcConnectionService } from './service';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface HmrcConnectionRouteOptions {
  service: HmrcConnectionService;
  sandboxUsers: SandboxUserService;
  fraud: FraudHeaderSource;
}

/** The routes of docs/reference/product.md §7 for sandbox users, authorisation and businesses (VAT data: features/vat-operations). */
export async function hmrcConnectionRoutes(app: FastifyInstance, options: HmrcConnectionRouteOptions) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { service, sandboxUsers, fraud } = options;

  // --- sandbox users -------------------------------------------------------------------------

  api.post(
    '/create_sandbox_user',
    {
      config: practiceMay('connectBusiness'),
      schema: { body: createSandboxUserBodySchema, response: { 201: sandboxUserSchema } },
    },
    async (request, reply) => {
      const { userType } = request.body;
      return reply.code(201).send(await sandboxUsers.createSandboxUser(currentUser(request), userType));
    },
  );

  api.get(
    '/sandbox_users',
    { config: accountHolders, schema: { response: { 200: sandboxUserListSchema } } },
    async (request) => ({
      sandboxUsers: await sandboxUsers.listSandboxUsers(currentUser(request)),
    }),
  );

  api.delete(
    '/sandbox_users/:userId',
    {
      config: practiceMay('deleteSandboxUser'),
      schema: {
        params: z.object({ userId: hmrcUserIdSchema }),
        response: { 204: emptyReply('The sandbox user is deleted.') },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      await sandboxUsers.deleteSandboxUser(currentUser(request), userId);
      return reply.code(204).send();
    },
  );

  // --- authorisation -------------------------------------------------------------------------

  api.get(
    '/get_auth_url',
    {
      config: practiceMay('connectBusiness'),
      schema: { querystring: getAuthUrlQuerySchema, response: { 200: getAuthUrlResponseSchema } },
    },
    async (request) => {
      const { userId, agentArn } = request.query;
      try {
        return { url: await service.authorisationUrl(currentUser(request), userId, agentArn) };
      } catch (error) {
        if (error instanceof AppError) throw error;
        request.log.error({ err: error }, 'could not build the HMRC authorisation URL');
        throw new AppError('AUTH_URL_FAILED');
      }
    },
  );

  api.post(
    '/exchange_code',
    {
      config: practiceMay('connectBusiness'),
      schema: { body: exchangeCodeBodySchema, response: { 200: exchangeCodeResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      const user = currentUser(request);
      return service.exchangeCode(user, await fraud.forRequest(request, user), body);
    },
  );

  api.get(
    '/check_auth',
    {
      config: accountHolders,
      schema: {
        querystring: checkAuthQuerySchema,
        // 503: the check failed; the answer still says userExists, with the error.
        response: { 200: checkAuthResponseSchema, 503: checkAuthResponseSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.query;
      try {
        return await service.checkAuth(currentUser(request), userId);
      } catch (error) {
        request.log.error({ err: error }, 'sandbox user check failed');
        // docs/reference/product.md §7: the failure answer still says userExists, with the error.
        return reply.code(503).send({ userExists: false, error: 'Failed to check sandbox user existence status' });
      }
    },
  );

  api.post(
    '/refresh_token',
    {
      config: accountHolders,
      schema: {
        body: refreshTokenBodySchema,
        response: { 200: refreshTokenResponseSchema, 502: apiErrorBodySchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.body;
      try {
        return { authorisation: await service.refresh(currentUser(request), userId) };
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'REFRESH_FAILED') throw error;
        // docs/reference/product.md §7: {error: 'Failed to refresh token'}.
        return reply.code(502).send({ ...errorBody(502, error.code, error.message), error: error.message });
      }
    },
  );

  // --- businesses ----------------------------------------------------------------------------

  api.get(
    '/businesses',
    { config: accountHolders, schema: { response: { 200: businessListSchema } } },
    async (request) => service.listBusinesses(currentUser(request)),
  );

  api.post(
    '/businesses',
    {
      config: practiceMay('connectBusiness'),
      schema: { body: addBusinessBodySchema, response: { 201: businessListSchema } },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return reply.code(201).send(await service.addBusiness(user, await fraud.forRequest(request, user), request.body));
    },
  );

  api.put(
    '/businesses/current',
    { config: accountHolders, schema: { body: selectBusinessBodySchema, response: { 200: businessListSchema } } },
    async (request) => {
      const { vrn } = request.body;
      return service.selectBusiness(currentUser(request), vrn);
    },
  );

  api.delete(
    '/businesses/:vrn',
    {
      config: practiceMay('deleteBusiness'),
      schema: { params: z.object({ vrn: vrnSchema }), response: { 200: businessListSchema } },
    },
    async (request) => {
      const { vrn } = request.params;
      return service.removeBusiness(currentUser(request), vrn);
    },
  );
}
