import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, no database) and `api` (the HTTP app on a real database:
 * PGlite by default, PostgreSQL when TEST_DB=postgres). scripts/test.mjs runs them in turn, the
 * API tests with `--isolate=false` (see there): Vitest 3 takes isolation for the whole run, not
 * from a project's own options.
 */
export default defineConfig({
  test: {
    // Two files at a time, each API file on its own database clone: on a 2-core machine Vitest's default
    // (one worker fewer than the cores) runs them one by one. A root option: projects cannot set it.
    maxWorkers: 2,
    minWorkers: 1,
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
        },
      },
    ],
  },
});
