import {
  assistAcknowledgementBodySchema,
  assistAnswerSchema,
  assistReportParamsSchema,
  assistReportSchema,
  assistRequestBodySchema,
} from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountHolders, currentUser } from '../../../plugins/access';
import { AppError } from '../../../plugins/errors';
import type { FraudHeaderSource } from '../../hmrc-connection';
import { idParams } from '../route-params';
import type { AssistService } from './service';

export interface AssistRouteOptions {
  assist: AssistService;
  /** Each HMRC call made for a request carries the fraud prevention headers worked out from it. */
  fraud: FraudHeaderSource;
  /** Test scenarios exist only in HMRC's sandbox (and the simulator). */
  sandbox: boolean;
}

/**
 * HMRC Assist for VAT on a return (docs/hmrc-assist-flow.md). Whoever may read the return may ask
 * for the feedback and confirm it was shown: it changes nothing of the return.
 */
export function assistRoutes(app: FastifyInstance, { assist, fraud, sandbox }: AssistRouteOptions): void {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/vat_returns/:id/assist',
    {
      config: accountHolders,
      schema: { params: idParams, body: assistRequestBodySchema, response: { 200: assistAnswerSchema } },
    },
    async (request) => {
      const { scenario } = request.body;
      if (scenario && !sandbox) throw new AppError('VALIDATION_FAILED', 'Test scenarios exist only in HMRC’s sandbox.');
      const user = currentUser(request);
      return assist.request(user, await fraud.forRequest(request, user), request.params.id, scenario);
    },
  );

  api.get(
    '/vat_returns/:id/assist',
    { config: accountHolders, schema: { params: idParams, response: { 200: assistAnswerSchema } } },
    async (request) => assist.latest(currentUser(request), request.params.id),
  );

  api.post(
    '/vat_returns/:id/assist/:reportId/acknowledgement',
    {
      config: accountHolders,
      schema: {
        params: assistReportParamsSchema,
        body: assistAcknowledgementBodySchema,
        response: { 200: assistReportSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id, reportId } = request.params;
      return assist.acknowledge(user, await fraud.forRequest(request, user), id, reportId, request.body.presentedAt);
    },
  );
}
