import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests against the built product (API + web app + worker on a fresh PGlite), driven in
 * Debian's Chromium (CHROMIUM_PATH, default /usr/bin/chromium); Playwright never downloads one.
 */
const port = Number(process.env.E2E_PORT ?? 3197);
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));

export default defineConfig({
  testDir: './specs',
  // Specs that move the money clock run against their own server: playwright.clock.config.ts.
  testIgnore: /.*\.clock\.spec\.ts/,
  fullyParallel: true,
  // Two browsers beside the server: the CI machine has 2 cores.
  workers: 2,
  // No retries: a test that passes only on its second try is a failure to fix, not to hide.
  retries: 0,
  // Per test, for the short flows (one sign-in and a few screens: under 15 s with two CPU hogs beside
  // the suite). Longer flows set their own with test.setTimeout, sized to what they do.
  timeout: 30_000,
  // One assertion waits for one screen change (a server round trip or two and a render). Loaded with
  // two CPU hogs, a sign-in's landing took up to ~6 s; the test's timeout still bounds the whole flow.
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'off',
    // A click or navigation that cannot happen (an overlay in the way, a page that never loads) fails
    // at that step, naming it, instead of silently using up the whole test's time.
    actionTimeout: 30_000,
    navigationTimeout: 60_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Agency subdomains of the demo (northwind.localhost, ...) and its agencies' own domains
        // (leads.northwind.test: the embed code loads the pixel from there) resolve to this machine.
        '--host-resolver-rules=MAP *.localhost 127.0.0.1, MAP localhost 127.0.0.1, MAP *.test 127.0.0.1',
      ],
    },
  },
  projects: [
    // The menu walk signs in as every demo user, so it runs first, before other specs change people
    // (account-security changes the BrightReach system user's e-mail address and second factor).
    { name: 'menus', testMatch: /menu-walk\.spec\.ts/, use: { browserName: 'chromium' } },
    {
      name: 'chromium',
      testIgnore: [
        /menu-walk\.spec\.ts/,
        /connected-account\.spec\.ts/,
        /data-wallet\.spec\.ts/,
        /\.clock\.spec\.ts/,
      ],
      dependencies: ['menus'],
      use: { browserName: 'chromium' },
    },
    // Connecting Summit's payment account changes where its owner lands and what its people are told,
    // which other specs read: it runs after them (and puts Summit back as it found it).
    // Topping up Northwind's Data Wallet changes the balance and history the agreements spec reads
    // as empty: it runs after that spec, beside the payments project (which changes Summit only).
    {
      name: 'wallet',
      testMatch: /data-wallet\.spec\.ts/,
      dependencies: ['chromium'],
      use: { browserName: 'chromium' },
    },
    {
      name: 'payments',
      testMatch: /connected-account\.spec\.ts/,
      dependencies: ['chromium'],
      use: { browserName: 'chromium' },
    },
  ],
  webServer: {
    command: `node --import tsx ${resolve(import.meta.dirname, '../apps/api/src/main.ts')}`,
    url: `http://127.0.0.1:${port}/readyz`,
    reuseExistingServer: false,
    // The sources load through tsx and a fresh PGlite is migrated and seeded before /readyz answers:
    // about 50 s on 2 cores shared with other work (measured at load average 16), so 180 s.
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // Short-lived access tokens, so every test also exercises the silent refresh.
      ACCESS_TOKEN_TTL_SECONDS: '10',
      // Light proof of work: the widget solves it at once.
      ALTCHA_MAX_NUMBER: '50',
      // The lead flow's site check reads a test page the spec serves on 127.0.0.1.
      SITE_CHECK_LOOPBACK: 'on',
      // No simulated visitors: the specs that count leads see only their own.
      DEMO_VISITORS: 'off',
      // The sandbox data vendor answers every count at once: the keyword count spec reads outcomes,
      // not the vendor's drawn delays and failures (the API tests cover those).
      SANDBOX_VENDOR_SLOW_SHARE: '0',
      SANDBOX_VENDOR_FAILURE_SHARE: '0',
      // Every person of these tests signs in from 127.0.0.1: about 100 sign-ins in 7-9 minutes, which
      // the per-address limit (60 in 5 minutes) refused with 429 when a fast run packed them into one
      // window. The limit per account and address still applies.
      LOGIN_ATTEMPTS_PER_IP: '10000',
    },
  },
});
