/**
 * Zod (in the shared schemas of @vatwise/domain) probes `new Function('')` before its first parse
 * to see whether it may compile fast parsers; the server's Content-Security-Policy allows no
 * 'unsafe-eval', so the probe is blocked and reported as a violation. `jitless` skips the probe.
 *
 * Set through the global Zod reads its configuration from, not `import { config } from 'zod'`,
 * so the landing page does not download Zod; the same object is used whether Zod loads before
 * or after this module.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};
