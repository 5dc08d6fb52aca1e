// Builds what `npm start` and `npm run serve` run: the web app, always in production mode whatever
// NODE_ENV says (React's development build is a third larger and slower), with its Brotli and gzip
// copies; and the server as one JavaScript file, so no TypeScript is compiled at start.
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
 * npm packages stay in node_modules; our own workspaces (TypeScript sources) are bundled in.
 * @type {import('esbuild').Plugin}
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@vatwise/') || args.path.startsWith('node:')
        ? undefined
        : { path: args.path, external: true },
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
      { in: at('apps/server/src/features/vat-returns/import/preview-worker.ts'), out: 'preview-worker' },
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
