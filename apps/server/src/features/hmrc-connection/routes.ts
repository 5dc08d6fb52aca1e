import {
  addBusinessBodySchema,
  checkAuthQuerySchema,
  createSandboxUserBodySchema,
  type DateRangeKind,
  dateRangeMessage,
  dateRangeProblem,
  dateRangeQuerySchema,
  exchangeCodeBodySchema,
  financialsQuerySchema,
  getAuthUrlQuerySchema,
  hmrcUserIdSchema,
  obligationsQuerySchema,
  penaltiesQuerySchema,
  refreshTokenBodySchema,
  returnViewQuerySchema,
  selectBusinessBodySchema,
  ukToday,
  vrnSchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountHolders, currentUser } from '../../plugins/access';
import { AppError, errorBody } from '../../plugins/errors';
import { parseOrThrow } from '../../plugins/validation';
import type { FraudHeaderSource } from './fraud-headers';
import type { HmrcConnectionService, VatTarget } from './service';
import type { VatDataService, VatReader } from './vat-data';

export interface HmrcConnectionRouteOptions {
  service: HmrcConnectionService;
  vatData: VatDataService;
  fraud: FraudHeaderSource;
  /** HMRC's sandbox (or the simulator) takes a Gov-Test-Scenario; production must never get one. */
  sandbox: boolean;
}

/** Gov-Test-Scenario values are upper-case words (hmrc-mtd-vat.md 4). */
const scenarioSchema = z.object({
  scenario: z
    .string()
    .regex(/^[A-Z0-9_]{1,60}$/, { message: 'A test scenario is an HMRC Gov-Test-Scenario value' })
    .optional(),
});

/** The spec's routes (section 7) for sandbox users, authorisation, businesses and VAT data. */
export async function hmrcConnectionRoutes(app: FastifyInstance, options: HmrcConnectionRouteOptions) {
  const { service, vatData, fraud } = options;

  // --- sandbox users -------------------------------------------------------------------------

  app.post('/create_sandbox_user', { config: accountHolders }, async (request, reply) => {
    const { userType } = parseOrThrow(createSandboxUserBodySchema, request.body);
    return reply.code(201).send(await service.createSandboxUser(currentUser(request), userType));
  });

  app.get('/sandbox_users', { config: accountHolders }, async (request) => ({
    sandboxUsers: await service.listSandboxUsers(currentUser(request)),
  }));

  app.delete('/sandbox_users/:userId', { config: accountHolders }, async (request, reply) => {
    const { userId } = parseOrThrow(z.object({ userId: hmrcUserIdSchema }), request.params);
    await service.deleteSandboxUser(currentUser(request), userId);
    return reply.code(204).send();
  });

  // --- authorisation -------------------------------------------------------------------------

  app.get('/get_auth_url', { config: accountHolders }, async (request) => {
    const { userId } = parseOrThrow(getAuthUrlQuerySchema, request.query);
    try {
      return { url: await service.authorisationUrl(currentUser(request), userId) };
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, 'could not build the HMRC authorisation URL');
      throw new AppError('AUTH_URL_FAILED');
    }
  });

  app.post('/exchange_code', { config: accountHolders }, async (request) => {
    const body = parseOrThrow(exchangeCodeBodySchema, request.body);
    return service.exchangeCode(currentUser(request), body);
  });

  app.get('/check_auth', { config: accountHolders }, async (request, reply) => {
    const { userId } = parseOrThrow(checkAuthQuerySchema, request.query);
    try {
      return await service.checkAuth(currentUser(request), userId);
    } catch (error) {
      request.log.error({ err: error }, 'sandbox user check failed');
      // Spec section 7: the failure answer still says userExists, with the error.
      return reply.code(503).send({ userExists: false, error: 'Failed to check sandbox user existence status' });
    }
  });

  app.post('/refresh_token', { config: accountHolders }, async (request, reply) => {
    const { userId } = parseOrThrow(refreshTokenBodySchema, request.body);
    try {
      return { authorisation: await service.refresh(currentUser(request), userId) };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'REFRESH_FAILED') throw error;
      // Spec section 7: {error: 'Failed to refresh token'}.
      return reply.code(502).send({ ...errorBody(502, error.code, error.message), error: error.message });
    }
  });

  // --- businesses ----------------------------------------------------------------------------

  app.get('/businesses', { config: accountHolders }, async (request) => service.listBusinesses(currentUser(request)));

  app.post('/businesses', { config: accountHolders }, async (request, reply) => {
    const body = parseOrThrow(addBusinessBodySchema, request.body);
    return reply.code(201).send(await service.addBusiness(currentUser(request), body));
  });

  app.put('/businesses/current', { config: accountHolders }, async (request) => {
    const { vrn } = parseOrThrow(selectBusinessBodySchema, request.body);
    return service.selectBusiness(currentUser(request), vrn);
  });

  app.delete('/businesses/:vrn', { config: accountHolders }, async (request) => {
    const { vrn } = parseOrThrow(z.object({ vrn: vrnSchema }), request.params);
    return service.removeBusiness(currentUser(request), vrn);
  });

  // --- VAT data ------------------------------------------------------------------------------

  /** Who reads, for which business: this request's fraud prevention headers, and any test scenario. */
  async function readerOf(request: FastifyRequest, query: VatTarget): Promise<VatReader> {
    const { scenario } = parseOrThrow(scenarioSchema, request.query);
    if (scenario && !options.sandbox) {
      throw new AppError('VALIDATION_FAILED', 'Test scenarios exist only in HMRC’s sandbox.');
    }
    const user = currentUser(request);
    return {
      ownerId: user.id,
      target: { vrn: query.vrn, userId: query.userId },
      fraudHeaders: await fraud.headersFor(request, user),
      testScenario: scenario,
    };
  }

  /** Spec section 5: the date range rules, checked here as well as in the form. */
  function checkRange(kind: DateRangeKind, from: string, to: string) {
    const problem = dateRangeProblem(kind, from, to, ukToday());
    if (problem) throw new AppError('VALIDATION_FAILED', dateRangeMessage(kind, problem).text);
  }

  app.get('/vat/obligations', { config: accountHolders }, async (request) => {
    const query = parseOrThrow(obligationsQuerySchema, request.query);
    checkRange('obligations', query.from, query.to);
    const status = query.status === 'Open' ? 'O' : query.status === 'Fulfilled' ? 'F' : undefined;
    const reader = await readerOf(request, query);
    return { obligations: await vatData.obligations(reader, { from: query.from, to: query.to, status }) };
  });

  app.get('/vat/liabilities', { config: accountHolders }, async (request) => {
    const query = parseOrThrow(dateRangeQuerySchema, request.query);
    checkRange('liabilities', query.from, query.to);
    return { liabilities: await vatData.liabilities(await readerOf(request, query), query) };
  });

  app.get('/vat/payments', { config: accountHolders }, async (request) => {
    const query = parseOrThrow(dateRangeQuerySchema, request.query);
    checkRange('payments', query.from, query.to);
    return { payments: await vatData.payments(await readerOf(request, query), query) };
  });

  app.get('/vat/penalties', { config: accountHolders }, async (request) => {
    const query = parseOrThrow(penaltiesQuerySchema, request.query);
    return vatData.penalties(await readerOf(request, query));
  });

  app.get('/vat/financials', { config: accountHolders }, async (request) => {
    const query = parseOrThrow(financialsQuerySchema, request.query);
    return vatData.financialDetails(await readerOf(request, query), query.chargeReference);
  });

  app.get('/vat/returnview', { config: accountHolders }, async (request) => {
    const query = parseOrThrow(returnViewQuerySchema, request.query);
    return vatData.returnView(await readerOf(request, query), query.periodKey);
  });
}
