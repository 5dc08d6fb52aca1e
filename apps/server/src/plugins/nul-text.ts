import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';
import { maxJsonDepth } from './json-body';

/** The path of the first string holding U+0000 in a parsed request part, or undefined. */
function nulPath(value: unknown, path: string[], depth = 0): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  // JSON bodies are no deeper than maxJsonDepth (json-body.ts); nothing else nests.
  if (typeof value !== 'object' || value === null || depth > maxJsonDepth) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = key.includes('\u0000') ? [...path, key] : nulPath(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * No text of ours holds the NUL character, and PostgreSQL cannot even compare with it: a path,
 * query or JSON body holding one (%00, \u0000) is a 400 naming where, before any route reads it.
 */
async function nulText(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [
      ['path', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const found = nulPath(value, []);
      if (!found) continue;
      const path = found.join('.') || `(${part})`;
      throw new AppError(
        'VALIDATION_FAILED',
        `The request is not valid: ${path}: remove the NUL character (U+0000); text may not contain it`,
        [{ path, message: 'Remove the NUL character (U+0000); text may not contain it' }],
      );
    }
  });
}

export default fp(nulText, { name: 'nul-text' });
