// Builds the trivial Vite + React page (scripts/bench/trivial) into the folder given as the first
// argument and serves it the way VAT Wise serves its web app: Fastify, @fastify/static and
// @fastify/compress. Run as a child process; tells its parent its port.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import { build } from 'vite';

const outDir = process.argv[2];
if (!outDir) throw new Error('usage: node trivial-server.mjs <outDir>');
const root = path.join(import.meta.dirname, 'trivial');

/** @vitejs/plugin-react is installed for apps/web (not hoisted); without it, Vite's own JSX transform. */
async function reactPlugin() {
  try {
    const require = createRequire(path.resolve(import.meta.dirname, '../../apps/web/package.json'));
    const resolved = require.resolve('@vitejs/plugin-react');
    const { default: react } = await import(pathToFileURL(resolved).href);
    return { plugins: [react()], jsx: '@vitejs/plugin-react' };
  } catch {
    return { plugins: [], jsx: "Vite's built-in JSX transform" };
  }
}

try {
  const { plugins, jsx } = await reactPlugin();
  await build({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins,
    build: { outDir, emptyOutDir: true },
  });

  const app = Fastify({ logger: false });
  await app.register(compress, { global: true });
  await app.register(fastifyStatic, { root: outDir });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  process.send?.({ type: 'listening', port: new URL(address).port, url: address, jsx });
  process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
} catch (error) {
  process.send?.({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  process.exitCode = 1;
}
