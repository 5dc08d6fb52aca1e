import { type ApiErrorBody, type ErrorCode, apiErrorBodySchema, errorCatalogue } from '@vatwise/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';

/** The one error type services throw: a stable code from the catalogue, and a message for people. */
export class AppError extends Error {
  readonly statusCode: number;
  /** What HMRC answered, when the error passes on HMRC's refusal. */
  readonly hmrc: ApiErrorBody['hmrc'];
  constructor(
    readonly code: ErrorCode,
    message: string = errorCatalogue[code].message,
    readonly issues?: ApiErrorBody['issues'],
    extra: { statusCode?: number; hmrc?: ApiErrorBody['hmrc'] } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = extra.statusCode ?? errorCatalogue[code].status;
    this.hmrc = extra.hmrc;
  }
}

/**
 * The one error shape, as the API's document shows it for every route's 4xx and 5xx replies. It
 * documents only: the error handler below writes error replies with `errorBody`, whose type is
 * this schema's.
 */
export const errorReplies = {
  '4xx': apiErrorBodySchema.describe('Refused: a code from the error catalogue and a message saying why.'),
  '5xx': apiErrorBodySchema.describe('Failed: a code from the error catalogue and a message saying why.'),
};

export function errorBody(
  statusCode: number,
  code: string,
  message: string,
  issues?: ApiErrorBody['issues'],
  hmrc?: ApiErrorBody['hmrc'],
): ApiErrorBody {
  return {
    statusCode,
    code,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message,
    ...(issues ? { issues } : {}),
    ...(hmrc ? { hmrc } : {}),
  };
}

export function sendNotFound(request: FastifyRequest, reply: FastifyReply) {
  const path = request.url.split('?')[0];
  return reply
    .code(404)
    .type('application/json')
    .send(errorBody(404, 'NOT_FOUND', `There is no API endpoint ${request.method} ${path}.`));
}

/** Turns every thrown error into the catalogue's JSON shape; nobody sees a stack trace. */
async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const entry = errorCatalogue[error.code];
      request.log[entry.report ? 'error' : 'warn']({ err: error }, error.message);
      return reply
        .code(error.statusCode)
        .send(errorBody(error.statusCode, error.code, error.message, error.issues, error.hmrc));
    }
    if (error.validation) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || String(issue.params?.missingProperty ?? ''),
        message: issue.message ?? 'is not valid',
      }));
      return reply.code(400).send(errorBody(400, 'VALIDATION_FAILED', error.message, issues));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type): say what was wrong.
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED';
      return reply.code(status).send(errorBody(status, code, error.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(errorBody(500, 'INTERNAL_ERROR', errorCatalogue.INTERNAL_ERROR.message));
  });
}

export default fp(errorHandling, { name: 'error-handling' });
