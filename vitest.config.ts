import { defineConfig } from 'vitest/config';

/**
 * Three test projects, run by tier:
 *  - packages: pure unit tests of packages/* and of scripts' pure parts (npm run test:unit)
 *  - web: React components and client rules in jsdom (npm run test:unit)
 *  - server: the Fastify server in-process on a real database (npm run test:server)
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'packages',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Any connection beyond loopback throws and fails the test.
          setupFiles: ['./apps/server/src/test/no-network.ts'],
          // Each file gets its own database; forks keep native SQLite handles apart.
          pool: 'forks',
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
