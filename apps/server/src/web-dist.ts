import path from 'node:path';

/**
 * The folder the built web app is read from when WEB_DIST_DIR is not set. This file sits one
 * folder below apps/server, as the built server (apps/server/dist/server.js) does, so the same
 * relative path finds apps/web/dist from the sources and from the build.
 */
export const defaultWebDistDir = path.resolve(import.meta.dirname, '../../web/dist');
