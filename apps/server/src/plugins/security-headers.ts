import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

export interface SecurityHeaderOptions {
  production: boolean;
  /** Where a form may send the browser: our own pages, and the HMRC callback (the simulator's grant form). */
  formTargets: string[];
}

/** Features no page of ours uses, refused for any script that might try. */
const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * A script or stylesheet is never a document, so these would be about 1 KB of dead weight on each
 * of the dozens of chunks a page loads (HTTP/1.1 does not compress headers). nosniff, which does
 * matter for them, stays.
 */
const documentOnlyHeaders = new Set([
  'content-security-policy',
  'permissions-policy',
  'x-frame-options',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
]);

function helmetOptions(options: SecurityHeaderOptions): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Account pictures from Google or GitHub, and the two-factor QR code (a data: URL).
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        // 'self' covers the live channel's same-origin WebSocket.
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...options.formTargets],
        frameAncestors: ["'none'"],
        ...(options.production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HMRC's window is a popup: a cross-origin-opener policy would cut it off from the page that
    // opened it when it comes back from HMRC's site, and that page would think it was closed.
    crossOriginOpenerPolicy: false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers remember HSTS for a whole host name, so only production asks for it.
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The headers helmet sets, worked out once. @fastify/helmet builds helmet's middleware again on
 * every request (parsing the policy each time), which halved the requests per second of a bare
 * health check; the headers never change, so helmet runs once here against a stand-in response.
 */
function headersFromHelmet(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers on every answer, from helmet. Scripts come only from our own origin, none
 * inline: the settings written into index.html are a JSON data block (type="application/json"),
 * which browsers never run, so it needs no nonce or hash. Styles may be inline because Mantine
 * writes its theme variables in a <style> element at run time (and the simulator's pages carry
 * theirs). No page may be framed.
 */
async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  const documentHeaders = { ...headersFromHelmet(helmetOptions(options)), 'permissions-policy': permissionsPolicy };
  const assetHeaders = Object.fromEntries(
    Object.entries(documentHeaders).filter(([name]) => !documentOnlyHeaders.has(name)),
  );
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(request.url.startsWith('/assets/') ? assetHeaders : documentHeaders);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
