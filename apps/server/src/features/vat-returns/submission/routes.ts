import { returnDraftSchema, submitReturnBodySchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser, practiceMay } from '../../../plugins/access';
import type { FraudHeaderSource } from '../../hmrc-connection';
import type { SubmissionService } from './service';
import { idParams } from '../route-params';

export interface SubmissionRouteOptions {
  submission: SubmissionService;
  /** Each HMRC call made for a request carries the fraud prevention headers worked out from it. */
  fraud: FraudHeaderSource;
}

/** Submitting a return once, and checking with HMRC one whose outcome is unknown. */
export function submissionRoutes(app: FastifyInstance, { submission, fraud }: SubmissionRouteOptions): void {
  // The routes' zod schemas check each request and describe it in the API's document (plugins/api-docs.ts).
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/vat_returns/:id/submit',
    {
      config: practiceMay('submit'),
      schema: { params: idParams, body: submitReturnBodySchema, response: { 200: returnDraftSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const { idempotencyKey } = request.body;
      const user = currentUser(request);
      return submission.submit(user, await fraud.forRequest(request, user), id, idempotencyKey);
    },
  );

  api.post(
    '/vat_returns/:id/settle',
    { config: accountHolders, schema: { params: idParams, response: { 200: returnDraftSchema } } },
    async (request) => {
      const { id } = request.params;
      const user = currentUser(request);
      return submission.settleFor(user, await fraud.forRequest(request, user), id);
    },
  );
}
