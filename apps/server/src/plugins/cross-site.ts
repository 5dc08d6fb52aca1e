import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery guard for every state-changing request. Session cookies are
 * SameSite=Lax already; on top of that, a browser's Origin (or Sec-Fetch-Site) must say the
 * request comes from one of our own origins. Non-browser callers send neither and pass.
 */
async function crossSiteGuard(
  app: FastifyInstance,
  { trustedOrigins, exemptPaths = [] }: { trustedOrigins: string[]; exemptPaths?: string[] },
) {
  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    if (exemptPaths.some((path) => request.url === path || request.url.startsWith(`${path}/`))) return;
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== 'null' && trustedOrigins.includes(origin)) return;
    if (origin !== undefined) throw new AppError('CROSS_SITE_REQUEST');
    if (request.headers['sec-fetch-site'] === 'cross-site') throw new AppError('CROSS_SITE_REQUEST');
  });
}

export default fp(crossSiteGuard, { name: 'cross-site-guard' });
