import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Brotli or gzip for every text answer over 1 KB (JSON, pages, CSV, the simulator's pages). The
 * web app's assets are compressed once at build time (apps/web/vite.config.ts) and served as they
 * are; this is for what the server writes per request, so Brotli runs at a fast level rather than
 * its slowest default. A route that streams as it goes (the assistant) turns it off in its config.
 */
async function compression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}

export default fp(compression, { name: 'compression' });
