// Builds what `npm start` and `npm run serve` run: the web app, always in production mode whatever
// NODE_ENV says (React's development build is a third larger and slower), with its Brotli and gzip
// copies; and the server as one JavaScript file with most of its npm packages inside, so no
// TypeScript is compiled and few files are resolved at start.
//
//   node scripts/build.mjs             build both
//   node scripts/build.mjs --if-stale  build only what is missing or older than its sources
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
const at = (/** @type {string[]} */ ...parts) => path.join(root, ...parts);
const ifStale = process.argv.includes('--if-stale');

const webOutput = at('apps/web/dist/index.html');
const serverOutput = at('apps/server/dist/server.js');
const shared = [at('packages/domain/src'), at('package-lock.json')];
const webSources = [
  at('apps/web/src'),
  at('apps/web/public'),
  at('apps/web/index.html'),
  at('apps/web/vite.config.ts'),
];
const serverSources = [
  at('apps/server/src'),
  at('apps/server/package.json'),
  at('packages/hmrc/src'),
  at('packages/hmrc-sandbox/src'),
];

/**
 * The newest modification time under these files and folders.
 * @param {string[]} paths
 */
function newest(paths) {
  let latest = 0;
  const visit = (/** @type {string} */ file) => {
    if (!fs.existsSync(file)) return;
    const stat = fs.statSync(file);
    if (stat.isDirectory()) for (const name of fs.readdirSync(file)) visit(path.join(file, name));
    else latest = Math.max(latest, stat.mtimeMs);
  };
  paths.forEach(visit);
  return latest;
}

/**
 * @param {string} output
 * @param {string[]} sources
 */
function isStale(output, sources) {
  return !fs.existsSync(output) || fs.statSync(output).mtimeMs < newest([...sources, ...shared]);
}

function buildWeb() {
  console.log('Building the web app (production mode)…');
  const vite = at('node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: at('apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  for (const check of [[at('scripts/bundle-size.mjs'), '--check'], [at('scripts/check-mantine-styles.mjs')]]) {
    const result = spawnSync(process.execPath, check, { stdio: 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}

/**
 * npm packages that stay in node_modules, each for a reason: native add-ons (better-sqlite3, pg's
 * optional pg-native, ws's bufferutil and utf-8-validate); packages that read their own files or
 * start workers from them at run time (pino's transports, piscina, pdfkit's fonts, playwright-core,
 * the API docs' swagger packages, bullmq's Lua scripts); and ioredis, whose one copy bullmq and the
 * socket.io adapter share. Every other package is bundled in with our own code: resolving and
 * loading hundreds of files from node_modules was over a third of the start-up time.
 */
const keptExternal =
  /^(better-sqlite3|pg|pg-native|bufferutil|utf-8-validate|pino|pino-pretty|thread-stream|piscina|pdfkit|playwright-core|@fastify\/swagger|@fastify\/swagger-ui|bullmq|ioredis)(\/|$)/;

/** @type {import('esbuild').Plugin} */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      keptExternal.test(args.path) ? { path: args.path, external: true } : undefined,
    );
  },
};

async function buildServer() {
  console.log('Building the server…');
  fs.rmSync(at('apps/server/dist'), { recursive: true, force: true });
  await esbuild.build({
    // The import reader's worker thread is an entry of its own (import/preview-pool.ts finds it).
    entryPoints: [
      { in: at('apps/server/src/server.ts'), out: 'server' },
      { in: at('apps/server/src/features/vat-returns/imports/preview-worker.ts'), out: 'preview-worker' },
    ],
    outdir: path.dirname(serverOutput),
    // Code loaded on demand (the assistant's model calls) stays in chunks of its own, so the npm
    // packages only it imports are not loaded at start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // Bundled CommonJS packages call require(), which an ES module does not have.
    banner: {
      js: "import { createRequire as vatwiseRequire } from 'node:module'; const require = vatwiseRequire(import.meta.url);",
    },
    plugins: [externalPackages],
  });
  // The assistant reads its knowledge base from beside the code (import.meta.dirname).
  fs.cpSync(at('apps/server/src/features/assistant/knowledge/passages'), at('apps/server/dist/passages'), {
    recursive: true,
  });
  console.log(
    `Server: ${path.relative(root, serverOutput)} (${(fs.statSync(serverOutput).size / 1024).toFixed(0)} KB)`,
  );
}

if (!ifStale || isStale(webOutput, webSources)) buildWeb();
else console.log('The web app build is up to date.');
if (!ifStale || isStale(serverOutput, serverSources)) await buildServer();
else console.log('The server build is up to date.');
