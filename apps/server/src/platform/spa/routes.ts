import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type ClientConfig, Role, type UserRecord } from '@vatwise/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { sendNotFound } from '../../plugins/errors';
import { emptyReply, fileReply } from '../../plugins/reply-schemas';

export interface SpaOptions {
  distDir: string;
  clientConfig: ClientConfig;
  /** The signed-in user's record (what GET /api/me answers), or null for nobody. */
  signedInUser: (request: FastifyRequest) => Promise<UserRecord | null>;
  /**
   * Development only: PUBLIC_URL's origin, where a page asked for under another loopback name of
   * it (127.0.0.1 for localhost, say) is sent, so that cookies, the origin check and HMRC's
   * callback all see the one origin they were set up for.
   */
  canonicalLoopbackOrigin?: string;
  /**
   * API reads a screen starts with, by route path (as in `screens`), given the path's named
   * segments: a signed-in page of that screen announces them (`<link rel="preload" as="fetch">`),
   * so they are under way while the app starts instead of after it.
   */
  screenData?: Record<string, (segments: Record<string, string>) => string[]>;
  /**
   * API answers every signed-in page below /app starts with, by path, for an account that may use
   * HMRC (not the Guest role): written into the page with its user, so the first screen draws them
   * at once (no request, no placeholder giving way). A read that fails is left out, and the web app
   * asks for it as usual.
   */
  mainReads?: (request: FastifyRequest) => Promise<Record<string, unknown>>;
}

const loopbackNames = new Set(['localhost', '127.0.0.1', '[::1]']);

/** PUBLIC_URL's address for a page asked for under another loopback name of the same server, else undefined. */
export function loopbackAliasRedirect(canonicalOrigin: string, host: string | undefined, url: string) {
  const canonical = new URL(canonicalOrigin);
  if (!host || !loopbackNames.has(canonical.hostname)) return undefined;
  let asked: URL;
  try {
    asked = new URL(`${canonical.protocol}//${host}`);
  } catch {
    return undefined;
  }
  if (asked.host === canonical.host || !loopbackNames.has(asked.hostname) || asked.port !== canonical.port)
    return undefined;
  return `${canonical.origin}${url}`;
}

/** Paths that belong to the server, never to the SPA: an unknown one is a JSON 404, not a page. */
const serverPrefixes = ['/api/', '/taxgpt/', '/socket.io/', '/hmrc-sandbox/', '/assets/'];

/** A page the SPA should render: a GET for a path with no file extension outside the server's prefixes. */
export function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '/';
  if (serverPrefixes.some((prefix) => pathname === prefix.slice(0, -1) || pathname.startsWith(prefix))) return false;
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !lastSegment.includes('.');
}

/** JSON data for the page, not script, so a strict content security policy still allows it. */
function injectJson(html: string, id: string, value: unknown): string {
  const json = JSON.stringify(value).replaceAll('<', '\\u003c');
  // A function, not a string: a replacement string reads `$'` and `$&` (in a user's name, say) as patterns.
  return html.replace('</head>', () => `<script id="${id}" type="application/json">${json}</script></head>`);
}

export function injectClientConfig(html: string, clientConfig: ClientConfig): string {
  return injectJson(html, 'vatwise-config', clientConfig);
}

/**
 * The build's preload hints (.vite/preloads.json, written by the web app's Vite config): chunks
 * the browser would only discover after running the entry chunk. `page` is for every page,
 * `main` for a signed-in page below /app, `screens` (by route path, `:name` for any one segment)
 * for a signed-in page of that screen, `public` (by path) for a public page, to anyone. None
 * when the file cannot be read: preloading is a hint.
 */
const preloadHintsSchema = z.object({
  page: z.array(z.string()),
  main: z.array(z.string()),
  screens: z.record(z.string(), z.array(z.string())).default({}),
  public: z.record(z.string(), z.array(z.string())).default({}),
});

export function readPreloadHints(distDir: string): z.infer<typeof preloadHintsSchema> {
  try {
    return preloadHintsSchema.parse(JSON.parse(fs.readFileSync(path.join(distDir, '.vite', 'preloads.json'), 'utf8')));
  } catch {
    return { page: [], main: [], screens: {}, public: {} };
  }
}

/** The route of `screens` that `pathname` matches (a trailing slash ignored, so `/` is ''), if any. */
export function screenRouteOf(routes: Iterable<string>, pathname: string): string | undefined {
  const segments = pathname.replace(/\/+$/, '').split('/');
  for (const route of routes) {
    const pattern = route.replace(/\/+$/, '').split('/');
    if (
      pattern.length === segments.length &&
      pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
    ) {
      return route;
    }
  }
  return undefined;
}

/** The named segments (`:name`) of `route` in `pathname`, which matches it (screenRouteOf). */
export function routeSegments(route: string, pathname: string): Record<string, string> {
  const segments = pathname.replace(/\/+$/, '').split('/');
  return Object.fromEntries(
    route.split('/').flatMap((part, index) => {
      if (!part.startsWith(':')) return [];
      try {
        return [[part.slice(1), decodeURIComponent(segments[index] ?? '')]];
      } catch {
        return [[part.slice(1), segments[index] ?? '']];
      }
    }),
  );
}

/** Announces API reads as fetches the page's script will make (same mode and credentials). */
function withDataPreloads(html: string, paths: string[]): string {
  const escape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const links = paths.map((path) => `<link rel="preload" as="fetch" crossorigin href="${escape(path)}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}

/** index.html announcing `files` (hashed asset paths), each once, less the ones it already loads. */
function withModulePreloads(html: string, files: string[]): string {
  const links = [...new Set(files)]
    .filter((file) => /^assets\/[\w.-]+\.js$/.test(file) && !html.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
    .join('');
  return html.replace('</head>', () => `${links}</head>`);
}

/**
 * index.html with the settings inside, read again whenever the file changes: a rebuild replaces
 * every hashed chunk, so a copy read at start would point at files that are gone. `main` is the
 * page for a signed-in user below /app, which also announces the main layout's chunks; `screens`
 * the same for each screen the build lists, which also announces that screen's chunks; and
 * `publicPages` the page for each public page the build lists, with that page's chunks.
 */
function indexPage(distDir: string, clientConfig: ClientConfig) {
  const indexFile = path.join(distDir, 'index.html');
  let cached:
    | {
        mtimeMs: number;
        size: number;
        html: string;
        main: string;
        screens: Map<string, string>;
        publicPages: Map<string, string>;
      }
    | undefined;
  return () => {
    let stat: fs.Stats;
    try {
      stat = fs.statSync(indexFile);
    } catch {
      return undefined;
    }
    if (!cached || cached.mtimeMs !== stat.mtimeMs || cached.size !== stat.size) {
      const html = injectClientConfig(fs.readFileSync(indexFile, 'utf8'), clientConfig);
      const hints = readPreloadHints(distDir);
      cached = {
        mtimeMs: stat.mtimeMs,
        size: stat.size,
        html: withModulePreloads(html, hints.page),
        main: withModulePreloads(html, [...hints.page, ...hints.main]),
        screens: new Map(
          Object.entries(hints.screens).map(([route, files]) => [
            route,
            withModulePreloads(html, [...hints.page, ...hints.main, ...files]),
          ]),
        ),
        publicPages: new Map(
          Object.entries(hints.public).map(([route, files]) => [
            route,
            withModulePreloads(html, [...hints.page, ...files]),
          ]),
        ),
      };
    }
    return cached;
  };
}

/**
 * Serves the built web app with history fallback: every page path answers index.html and the
 * SPA's router decides what to show (its unknown paths go to /error).
 */
export async function spaRoutes(app: FastifyInstance, options: SpaOptions) {
  const currentIndex = indexPage(options.distDir, options.clientConfig);

  if (fs.existsSync(options.distDir)) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each asset; the smallest one the browser accepts is sent.
      preCompressed: true,
      // Source maps stay on disk for error reports; browsers never get them. Nor the build's
      // manifests (.vite/), nor index.html without its settings (sendPage serves it).
      allowedPath: (pathName) =>
        !pathName.endsWith('.map') && !pathName.startsWith('/.vite/') && pathName !== '/index.html',
      setHeaders: (response, filePath) => {
        // Vite puts a content hash in every asset's name, so a cached copy never goes stale.
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        response.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  if (!currentIndex()) {
    app.log.warn({ distDir: options.distDir }, 'the web app is not built; run "npm run build" to serve it');
  }

  const mainReadsOf = async (request: FastifyRequest): Promise<Record<string, unknown>> => {
    try {
      return (await options.mainReads?.(request)) ?? {};
    } catch (error) {
      request.log.warn({ err: error }, 'a page went without its first reads; the web app will ask for them');
      return {};
    }
  };

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (options.canonicalLoopbackOrigin) {
      const to = loopbackAliasRedirect(options.canonicalLoopbackOrigin, request.headers.host, request.url);
      if (to) return reply.redirect(to, 307);
    }
    const index = currentIndex();
    if (!index) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The VAT Wise web app has not been built. Run "npm run build", then start the server again.');
    }
    reply.code(200).type('text/html; charset=utf-8');
    // The signed-in user comes with the page, so the first screen need not wait for GET /api/me.
    // A page that names its user is never stored by a browser or proxy.
    const pathname = request.url.split('?')[0] ?? '/';
    const publicPage = screenRouteOf(index.publicPages.keys(), pathname);
    const publicHtml = (publicPage && index.publicPages.get(publicPage)) || index.html;
    const user = await options.signedInUser(request);
    if (!user) return reply.header('cache-control', 'no-cache').send(publicHtml);
    const screen = screenRouteOf(index.screens.keys(), pathname);
    const inMainArea = pathname === '/app' || pathname.startsWith('/app/');
    const html = screen ? (index.screens.get(screen) ?? index.main) : inMainArea ? index.main : publicHtml;
    // A screen's reads whether or not the build lists chunks for it.
    const dataScreen = screenRouteOf(Object.keys(options.screenData ?? {}), pathname);
    const data = (dataScreen && options.screenData?.[dataScreen]?.(routeSegments(dataScreen, pathname))) || [];
    const page = data.length ? withDataPreloads(html, data) : html;
    const reads = inMainArea && user.role !== Role.Guest ? await mainReadsOf(request) : {};
    return reply.header('cache-control', 'no-store').send(injectJson(page, 'vatwise-me', { user, reads }));
  };

  // The static handler refuses a directory (403), so the root page is a route of its own.
  const page = {
    schema: {
      response: {
        200: fileReply('A page of the web app, with the signed-in user in it.', 'text/html'),
        307: emptyReply('In development: to the same page on the loopback address the server was started with.'),
      },
    },
  };
  app.get('/', page, sendPage);
  app.get('/index.html', page, sendPage);
  app.setNotFoundHandler((request, reply) =>
    isPageRequest(request) ? sendPage(request, reply) : sendNotFound(request, reply),
  );
}
