import {
  type DateRangeKind,
  dateRangeMessage,
  dateRangeProblem,
  dateRangeQuerySchema,
  financialDetailsSchema,
  financialsQuerySchema,
  liabilityListSchema,
  obligationListSchema,
  obligationsQuerySchema,
  paymentListSchema,
  penaltiesQuerySchema,
  penaltiesSchema,
  returnViewQuerySchema,
  ukToday,
  vatReturnSchema,
} from '@vatwise/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { accountHolders, currentUser } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import type { FraudHeaderSource, VatTarget } from '../hmrc-connection';
import type { VatDataService, VatReader } from './service';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface VatOperationsRouteOptions {
  vatData: VatDataService;
  fraud: FraudHeaderSource;
  /** HMRC's sandbox (or the simulator) takes a Gov-Test-Scenario; production must never get one. */
  sandbox: boolean;
}

/** Gov-Test-Scenario values are upper-case words (docs/reference/hmrc-vat-api.md §4); any VAT read may name one. */
const scenarioShape = {
  scenario: z
    .string()
    .regex(/^[A-Z0-9_]{1,60}$/, { message: 'A test scenario is an HMRC Gov-Test-Scenario value' })
    .optional(),
};

/** The routes of docs/reference/product.md §7 for HMRC's VAT data: obligations, liabilities, payments, penalties, financials, a return. */
export async function vatOperationsRoutes(app: FastifyInstance, options: VatOperationsRouteOptions) {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { vatData, fraud } = options;

  /** Who reads, for which business: this request's fraud prevention headers, and any test scenario. */
  async function readerOf(
    request: FastifyRequest,
    query: VatTarget & { scenario?: string | undefined },
  ): Promise<VatReader> {
    const { scenario } = query;
    if (scenario && !options.sandbox) {
      throw new AppError('VALIDATION_FAILED', 'Test scenarios exist only in HMRC’s sandbox.');
    }
    const user = currentUser(request);
    return {
      ownerId: user.workspaceId,
      target: { vrn: query.vrn, userId: query.userId },
      fraudHeaders: await fraud.forRequest(request, user),
      testScenario: scenario,
    };
  }

  /** docs/reference/product.md §5: the date range rules, checked here as well as in the form. */
  function checkRange(kind: DateRangeKind, from: string, to: string) {
    const problem = dateRangeProblem(kind, from, to, ukToday());
    if (problem) throw new AppError('VALIDATION_FAILED', dateRangeMessage(kind, problem).text);
  }

  api.get(
    '/vat/obligations',
    {
      config: accountHolders,
      schema: { querystring: obligationsQuerySchema.extend(scenarioShape), response: { 200: obligationListSchema } },
    },
    async (request) => {
      const query = request.query;
      checkRange('obligations', query.from, query.to);
      const status = query.status === 'Open' ? 'O' : query.status === 'Fulfilled' ? 'F' : undefined;
      const reader = await readerOf(request, query);
      return { obligations: await vatData.obligations(reader, { from: query.from, to: query.to, status }) };
    },
  );

  api.get(
    '/vat/liabilities',
    {
      config: accountHolders,
      schema: { querystring: dateRangeQuerySchema.extend(scenarioShape), response: { 200: liabilityListSchema } },
    },
    async (request) => {
      const query = request.query;
      checkRange('liabilities', query.from, query.to);
      return { liabilities: await vatData.liabilities(await readerOf(request, query), query) };
    },
  );

  api.get(
    '/vat/payments',
    {
      config: accountHolders,
      schema: { querystring: dateRangeQuerySchema.extend(scenarioShape), response: { 200: paymentListSchema } },
    },
    async (request) => {
      const query = request.query;
      checkRange('payments', query.from, query.to);
      return { payments: await vatData.payments(await readerOf(request, query), query) };
    },
  );

  api.get(
    '/vat/penalties',
    {
      config: accountHolders,
      schema: { querystring: penaltiesQuerySchema.extend(scenarioShape), response: { 200: penaltiesSchema } },
    },
    async (request) => {
      const query = request.query;
      return vatData.penalties(await readerOf(request, query));
    },
  );

  api.get(
    '/vat/financials',
    {
      config: accountHolders,
      schema: { querystring: financialsQuerySchema.extend(scenarioShape), response: { 200: financialDetailsSchema } },
    },
    async (request) => {
      const query = request.query;
      return vatData.financialDetails(await readerOf(request, query), query.chargeReference);
    },
  );

  api.get(
    '/vat/returnview',
    {
      config: accountHolders,
      schema: { querystring: returnViewQuerySchema.extend(scenarioShape), response: { 200: vatReturnSchema } },
    },
    async (request) => {
      const query = request.query;
      return vatData.returnView(await readerOf(request, query), query.periodKey);
    },
  );
}
