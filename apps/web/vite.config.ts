import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { mainLayoutNamespaces } from './src/app/layout/main-layout-namespaces';
import { type PageModules, mainAreaPages } from './src/app/main-area-pages';
import { publicPages } from './src/app/public-pages';

const server = process.env.VATWISE_SERVER_URL ?? 'http://localhost:3000';

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the highest
 * levels, once; the server sends the copy the browser accepts (@fastify/static's preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vatwise-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const file = path.join(dir, entry.name);
          return entry.isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(file)) continue;
        const content = fs.readFileSync(file);
        if (content.length < 1024) continue;
        const brotli = zlib.brotliCompressSync(content, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        });
        fs.writeFileSync(`${file}.br`, brotli);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: zlib.constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

type BuildManifest = Record<string, { file: string; src?: string; imports?: string[] }>;

/**
 * Writes .vite/preloads.json: the chunks a page needs that the browser would otherwise discover
 * only after running the entry chunk, so the server can announce them in the page
 * (`<link rel="modulepreload">`) and they download while the entry runs. `page` is for every page
 * (the English common translations, the default language, and the auth feature); `main` for a
 * signed-in page below /app (the main layout and its English namespaces); `screens`, by route
 * path, for a signed-in page of that screen (its chunk and English namespaces, less what `main`
 * already has); `public`, by path, for a public page (sign-in, the landing page), to anyone (less
 * what `page` has).
 */
function preloadHints(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vatwise-preload-hints',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as BuildManifest;
      const closure = (keys: string[]) => {
        const files = new Set<string>();
        const visit = (key: string) => {
          const chunk = manifest[key];
          if (!chunk) throw new Error(`preload hints: ${key} is not in the build manifest`);
          if (files.has(chunk.file)) return;
          files.add(chunk.file);
          for (const imported of chunk.imports ?? []) visit(imported);
        };
        keys.forEach(visit);
        return [...files];
      };
      const english = (namespaces: readonly string[]) =>
        namespaces.map((namespace) => {
          const key = Object.keys(manifest).find((candidate) => candidate.endsWith(`/locales/en/${namespace}.json`));
          if (!key) throw new Error(`preload hints: no English ${namespace}.json in the build manifest`);
          return key;
        });
      // main.tsx loads the auth feature on every page the server sends (it seeds the page's user).
      const auth = Object.keys(manifest).find((key) => key.startsWith('_auth-'));
      if (!auth) throw new Error('preload hints: the auth feature has no chunk of its own in the build manifest');
      const page = closure([...english(['common']), auth]);
      const main = closure(['src/app/layout/MainLayout.tsx', ...english(mainLayoutNamespaces)]);
      /** Each page's chunks and English namespaces, by route, less the ones `before` has. */
      const byRoute = (pages: PageModules, before: string[]) =>
        Object.fromEntries(
          Object.entries(pages).map(([route, screen]) => [
            route,
            closure([screen.module, ...english(screen.namespaces)]).filter((file) => !before.includes(file)),
          ]),
        );
      const screens = byRoute(mainAreaPages, main);
      const publicScreens = byRoute(publicPages, page);
      fs.writeFileSync(
        path.join(outDir, '.vite/preloads.json'),
        JSON.stringify({ page, main, screens, public: publicScreens }),
      );
    },
  };
}

/**
 * Moves the built page's stylesheet links from its head to index.html's `<!-- stylesheets -->`,
 * between the header drawn at the top of the body and #root: a stylesheet in the body holds back
 * only what follows it, so that header paints as soon as the page arrives instead of after the
 * 170 KB of styles. The module scripts still wait for the stylesheets before they run (a pending
 * stylesheet blocks scripts), so the app never renders unstyled; and the theme's variables, which
 * the app writes in #root, still come after Mantine's defaults and win.
 */
function stylesheetsAfterShell(): Plugin {
  return {
    name: 'vatwise-stylesheets-after-shell',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const marker = '<!-- stylesheets -->';
        if (!html.includes(marker)) throw new Error(`index.html has no ${marker} for the stylesheet links`);
        const links: string[] = [];
        const head = html.slice(0, html.indexOf('</head>')).replace(/\s*<link rel="stylesheet"[^>]*>/g, (link) => {
          links.push(link.trim());
          return '';
        });
        return head + html.slice(html.indexOf('</head>')).replace(marker, () => links.join('\n    '));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), preloadHints(), stylesheetsAfterShell(), precompress()],
  build: {
    // One stylesheet for every screen: a lazy screen's own stylesheet would be added to the head,
    // before the main one in the body (stylesheetsAfterShell), and lose to it where both style an
    // element (the date picker's days over Mantine's button reset). It costs about 6 KB gzipped.
    cssCodeSplit: false,
    // The manifest lets scripts/bundle-size.mjs find exactly the JavaScript that `/` needs.
    manifest: true,
    target: 'es2022',
    // Maps are written for error reports but not linked from the code; the server never serves them.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'initial', tags: ['$initial'] }],
          experimentalInlineCommonChunks: { maxSize: 40_000 },
        },
      },
    },
  },
  server: {
    port: 5173,
    // In development the API, assistant and socket are the Fastify server's.
    proxy: {
      '/api': server,
      '/taxgpt': server,
      '/socket.io': { target: server, ws: true },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A table of a hundred records takes jsdom 4 s on this two-core machine, 7 s while other
    // work runs: the 5 s default failed such tests by load, not by behaviour.
    testTimeout: 15_000,
  },
});
