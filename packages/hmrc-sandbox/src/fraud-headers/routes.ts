import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { flat } from '../http/errors';
import { authenticate, checkAccept, isAnswer, send, throttle } from '../platform/http';
import { connectionMethods, isConnectionMethod } from './methods';
import { validateFraudHeaders } from './validate';

/**
 * HMRC's Test Fraud Prevention Headers API (docs/reference/hmrc-vat-api.md §5.3): check the Gov-* headers of this
 * request against its own connection method, or read the feedback on the latest VAT call to each
 * endpoint. Application-restricted.
 */
export function fraudHeaderRoutes(context: SandboxContext) {
  return async function register(app: FastifyInstance) {
    app.get('/test/fraud-prevention-headers/validate', async (request, reply) => {
      const accept = checkAccept(request);
      if (accept) return send(reply, accept);
      const caller = await authenticate(request, context, { userRestricted: false });
      if (isAnswer(caller)) return send(reply, caller);
      const throttled = throttle(reply, context, caller.clientId);
      if (throttled) return send(reply, throttled);
      return reply.type('application/json').send(validateFraudHeaders(request.headers));
    });

    app.get('/test/fraud-prevention-headers/:api/validation-feedback', async (request, reply) => {
      const accept = checkAccept(request);
      if (accept) return send(reply, accept);
      const caller = await authenticate(request, context, { userRestricted: false });
      if (isAnswer(caller)) return send(reply, caller);
      const throttled = throttle(reply, context, caller.clientId);
      if (throttled) return send(reply, throttled);
      const { api } = request.params as { api: string };
      if (api !== 'vat-mtd') {
        return send(reply, flat(404, 'MATCHING_RESOURCE_NOT_FOUND', `No feedback is kept for the API ${api}`));
      }
      // Optional in HMRC's definition: without it, the latest request to each endpoint; with it,
      // the latest made with that method. A method the simulator does not check is refused.
      const { connectionMethod } = request.query as { connectionMethod?: unknown };
      if (connectionMethod !== undefined && !isConnectionMethod(connectionMethod)) {
        return send(
          reply,
          flat(
            400,
            'INVALID_REQUEST',
            `connectionMethod must be ${connectionMethods.join(' or ')}, the connection methods the simulator checks`,
          ),
        );
      }
      return reply
        .type('application/json')
        .send(context.fraudLog.feedback(caller.clientId, 'vat-mtd', connectionMethod));
    });
  };
}
