import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, no database) and `api` (the HTTP app on a real database:
 * PGlite by default, PostgreSQL when TEST_DB=postgres). scripts/test.mjs runs them in turn.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.api.test.ts'],
          environment: 'node',
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Each file gets its own database clone; two at a time suits a 2-core machine.
          maxWorkers: 2,
          minWorkers: 1,
        },
      },
    ],
  },
});
