import type { HealthResponse, ReadyResponse } from '@vatwise/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../plugins/errors';
import { version } from '../../version';

export async function healthRoutes(app: FastifyInstance) {
  /** The process is alive: no dependency is checked, so an orchestrator does not restart us for a database blip. */
  app.get('/health', { config: { access: 'public' } }, async (): Promise<HealthResponse> => ({
    status: 'ok',
    version,
    uptimeSeconds: Math.round(process.uptime()),
  }));

  /** The server can do useful work: the database answers a query. */
  app.get('/ready', { config: { access: 'public' } }, async (request): Promise<ReadyResponse> => {
    try {
      await app.database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new AppError('DATABASE_UNAVAILABLE');
    }
    return { status: 'ready', database: app.database.kind };
  });
}
