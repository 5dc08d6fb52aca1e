import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const server = process.env.VATWISE_SERVER_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    // The manifest lets scripts/bundle-size.mjs find exactly the JavaScript that `/` needs.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
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
  },
});
