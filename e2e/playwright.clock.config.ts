import { resolve } from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Specs that move the money clock (decision 0084) against their own server: the product with the
 * e2e-only clock control of `support/clock-server.ts` (never part of `npm start`).
 */
export const E2E_CLOCK_TOKEN = 'e2e-clock-token';
const server = Array.isArray(base.webServer) ? base.webServer[0] : base.webServer;

export default defineConfig({
  ...base,
  testMatch: /.*\.clock\.spec\.ts/,
  testIgnore: [],
  projects: [{ name: 'clock', use: { browserName: 'chromium' } }],
  webServer: {
    ...server,
    command: `node --import tsx ${resolve(import.meta.dirname, 'support/clock-server.ts')}`,
    env: { ...server?.env, E2E_CLOCK_TOKEN },
  } as NonNullable<typeof server>,
});
