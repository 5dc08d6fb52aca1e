import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

/** No body of ours nests more than a few levels; 32 leaves room for any of them. */
export const maxJsonDepth = 32;

/** How deep a JSON text nests, counted without parsing it (stops counting past `limit`). */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) inString = true;
    else if (char === 0x7b || char === 0x5b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (char === 0x7d || char === 0x5d) depth--;
  }
  return deepest;
}

/**
 * JSON bodies as Fastify reads them, but a body nested deeper than `maxJsonDepth` is a 400 before
 * it is parsed: code that walks a value recursively (JSON.stringify when a body is passed on to
 * better-auth, for one) would otherwise run out of stack on it and answer 500.
 */
async function jsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonDepth(body as string, maxJsonDepth) > maxJsonDepth) {
      done(
        new AppError(
          'VALIDATION_FAILED',
          `The JSON body is nested more than ${maxJsonDepth} levels deep; send the fields the endpoint takes.`,
        ),
        undefined,
      );
      return;
    }
    parse(request, body as string, done);
  });
}

export default fp(jsonBody, { name: 'json-body' });
