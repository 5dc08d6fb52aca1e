import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

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

const documentOnlyHeaders = [
  'content-security-policy',
  'x-frame-options',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Security headers on every answer, through helmet. Scripts come only from our own origin, none
 * inline: the settings written into index.html are a JSON data block (type="application/json"),
 * which browsers never run, so it needs no nonce or hash. Styles may be inline because Mantine
 * writes its theme variables in a <style> element at run time (and the simulator's pages carry
 * theirs). No page may be framed.
 */
async function securityHeaders(app: FastifyInstance, options: SecurityHeaderOptions) {
  await app.register(fastifyHelmet, {
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
  });
  app.addHook('onSend', async (request, reply) => {
    // A script or stylesheet is never a document, so the document-only headers would be about
    // 1 KB of dead weight on each of the dozens of chunks a page loads (HTTP/1.1 does not
    // compress headers). nosniff, which does matter for them, stays.
    if (request.url.startsWith('/assets/')) {
      for (const name of documentOnlyHeaders) reply.removeHeader(name);
      return;
    }
    reply.header('permissions-policy', permissionsPolicy);
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
