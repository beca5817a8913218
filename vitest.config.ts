import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` (pure code, no database) and `api` (the HTTP app on a real database:
 * PGlite by default, PostgreSQL when TEST_DB=postgres). scripts/test.mjs runs them in turn.
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
          // A worker keeps the modules it has loaded from one file to the next: every file starts its own
          // runtime on its own database, and no API test replaces a module (vi.mock), so nothing a file
          // does reaches the next, and loading the whole API once per file was most of the stage. PGlite:
          // 808 s a file at a time, 622 s two at a time, 295 s two at a time sharing modules; PostgreSQL:
          // 535 s a file at a time, 228 s two at a time sharing modules.
          isolate: false,
        },
      },
    ],
  },
});
