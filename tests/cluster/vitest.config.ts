import { defineConfig } from 'vitest/config';

/**
 * The cluster tier (npm run test:cluster): each file starts real processes (the compiled server
 * twice, the HMRC simulator, a proxy) on PostgreSQL and Redis, so files run one after another.
 */
export default defineConfig({
  test: {
    name: 'cluster',
    root: import.meta.dirname,
    include: ['**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
