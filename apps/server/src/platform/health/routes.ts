import { healthResponseSchema, readyResponseSchema } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { everyone } from '../../plugins/access';
import { AppError } from '../../plugins/errors';
import { version } from '../../version';

export async function healthRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** The process is alive: no dependency is checked, so an orchestrator does not restart us for a database blip. */
  api.get('/health', { config: everyone, schema: { response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
    version,
    uptimeSeconds: Math.round(process.uptime()),
  }));

  /** The server can do useful work: the database answers a query. */
  api.get('/ready', { config: everyone, schema: { response: { 200: readyResponseSchema } } }, async (request) => {
    try {
      await app.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new AppError('DATABASE_UNAVAILABLE');
    }
    return { status: 'ready' as const, database: app.database.kind };
  });
}
