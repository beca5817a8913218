// `npm test`: lint, type-check, unit tests, API tests on PGlite (and PostgreSQL when a URL is
// given), then browser tests. Every stage runs; the last line sums the tests of all stages.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';

const reports = join(process.cwd(), '.data-test', 'reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const summary = [];
/** The failed tests' names, printed after the summary: CI keeps only the end of the output. */
const failures = [];
let stageFailed = false;

/** Each stage's wall time, printed as it ends and in the summary: CI must stay under 40 minutes on 2 cores. */
const minutes = new Map();
const began = Date.now();
const since = (start) => `${((Date.now() - start) / 60_000).toFixed(1)} min`;

function run(name, command, args, env = {}) {
  console.log(`\n━━ ${name} ━━`);
  const start = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  minutes.set(name, since(start));
  console.log(`━━ ${name}: ${minutes.get(name)}`);
  const ok = result.status === 0;
  if (!ok) stageFailed = true;
  return ok;
}

function vitest(name, project, env = {}, options = []) {
  const file = join(reports, `${name.replace(/\W+/g, '-')}.json`);
  const ok = run(
    name,
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      ...options,
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${file}`,
    ],
    env,
  );
  const counts = { passed: 0, failed: 0, skipped: 0 };
  if (existsSync(file)) {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts.passed = report.numPassedTests;
    counts.failed = report.numFailedTests;
    counts.skipped = report.numPendingTests + report.numTodoTests;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed')
          failures.push(`${name}: ${relative(process.cwd(), file.name)} › ${test.fullName}`);
      }
      // A file that failed to load has no test results of its own, only its message.
      if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
        failures.push(
          `${name}: ${relative(process.cwd(), file.name)} › ${(file.message ?? '').split('\n')[0]}`,
        );
      }
    }
  } else if (!ok) counts.failed = 1;
  record(name, ok, counts);
}

function record(name, ok, counts, time = minutes.get(name)) {
  for (const k of Object.keys(totals)) totals[k] += counts[k];
  summary.push(
    `${ok ? 'ok  ' : 'FAIL'} ${name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped (${time})`,
  );
}

function stage(name, command, args) {
  const ok = run(name, command, args);
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${name} (${minutes.get(name)})`);
}

stage('lint (biome)', 'npx', ['biome', 'check', '.']);
stage('type-check', 'node', ['scripts/typecheck.mjs']);
vitest('unit tests', 'unit');
/**
 * API test files share their worker's loaded modules: every file starts its own runtime on its own
 * database and none replaces a module (vi.mock), so nothing one file does reaches the next, and
 * loading the whole API once per file was most of the stage. PGlite: 808 s a file at a time, 622 s
 * two at a time, 295 s two at a time sharing modules; PostgreSQL: 535 s a file at a time, 228 s two
 * at a time sharing modules. Unit tests stay isolated: some replace modules.
 */
const API_OPTIONS = ['--isolate=false'];
vitest('API tests on PGlite', 'api', { TEST_DB: 'pglite' }, API_OPTIONS);

const pgUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
if (pgUrl) {
  vitest('API tests on PostgreSQL', 'api', { TEST_DB: 'postgres', TEST_DATABASE_URL: pgUrl }, API_OPTIONS);
} else {
  summary.push('skip API tests on PostgreSQL: set DATABASE_URL or TEST_DATABASE_URL to run them');
}

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (existsSync(chromium)) {
  if (run('web build', 'npm', ['run', 'build', '-w', '@app/web'])) {
    // The main suite, then the specs that move the money clock on their own server (decision 0084).
    for (const [label, config, json] of [
      ['browser tests', 'e2e/playwright.config.ts', 'browser.json'],
      ['browser tests on a moved clock', 'e2e/playwright.clock.config.ts', 'browser-clock.json'],
    ]) {
      const file = join(reports, json);
      const stageName = `${label} (Playwright, Chromium)`;
      const ok = run(stageName, 'npx', ['playwright', 'test', '-c', config], {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      });
      const counts = { passed: 0, failed: ok ? 0 : 1, skipped: 0 };
      if (existsSync(file)) {
        const { stats } = JSON.parse(readFileSync(file, 'utf8'));
        Object.assign(counts, {
          passed: stats.expected + stats.flaky,
          failed: stats.unexpected,
          skipped: stats.skipped,
        });
        const report = JSON.parse(readFileSync(file, 'utf8'));
        const walk = (suite, titles) => {
          for (const spec of suite.specs ?? []) {
            if (!spec.ok)
              failures.push(`${label}: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
          }
          for (const child of suite.suites ?? [])
            walk(child, child.title && !child.title.endsWith('.ts') ? [...titles, child.title] : titles);
        };
        for (const suite of report.suites ?? []) walk(suite, []);
      }
      record(label, ok, counts, minutes.get(stageName));
    }
  } else {
    summary.push('FAIL web build');
  }
} else if (process.env.CI === 'true') {
  stageFailed = true;
  summary.push(
    `FAIL browser tests: Chromium not found at ${chromium} (CI requires it; install the chromium package)`,
  );
} else {
  summary.push(
    `skip browser tests: Chromium not found at ${chromium} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
}

console.log(`\n━━ summary ━━\n${summary.join('\n')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(
  `\ntotal: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped in ${since(began)}`,
);
process.exit(stageFailed || totals.failed > 0 ? 1 : 0);
