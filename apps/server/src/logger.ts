import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/**
 * Secrets never reach a log: request headers that carry credentials, and any field whose
 * name says it holds a token, password, secret or key, wherever it sits in a logged object.
 */
const secretFieldNames = [
  'authorization',
  'cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'refreshToken',
  'idToken',
  'access_token',
  'refresh_token',
  'id_token',
  'apiKey',
  'api_key',
  'clientSecret',
  'client_secret',
  'secret',
];

export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...secretFieldNames.flatMap((name) => [name, `*.${name}`, `*.*.${name}`]),
];

/** Query parameters whose values are secrets (OAuth codes, tokens, reset codes). */
const secretQueryParameter = /token|code|password|secret|key|state|signature/i;

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of [...params.keys()]) {
    if (secretQueryParameter.test(name)) params.set(name, '[Redacted]');
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}

/** Headers worth having in a request log line; credentials are redacted by the paths above. */
const loggedHeaders = ['user-agent', 'x-forwarded-for', 'x-request-id', 'authorization', 'cookie', 'x-api-key'];

function serializeRequest(request: FastifyRequest) {
  const headers: Record<string, string | string[]> = {};
  for (const name of loggedHeaders) {
    const value = request.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
    headers,
  };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths, censor: '[Redacted]' },
    serializers: {
      req: serializeRequest as unknown as (value: unknown) => unknown,
    },
  };
}

export function createLogger(level: string, destination?: DestinationStream): Logger {
  return destination ? pino(loggerOptions(level), destination) : pino(loggerOptions(level));
}
