import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The server's version, shown by /api/health and sent to HMRC as our vendor version later. */
export const version: string = (require('../package.json') as { version: string }).version;
