import { benchAgencyList } from './agency-list.bench.js';
import { benchBilling } from './billing.bench.js';
import { benchDelivery } from './delivery.bench.js';
import { benchDomainInfo } from './domain-info.bench.js';
import { benchExports } from './exports.bench.js';
import { benchIdentities } from './identities.bench.js';
import { benchLeadEngine } from './lead-engine.bench.js';
import { benchLeadReport } from './lead-report.bench.js';
import { benchLedger } from './ledger.bench.js';
import { createScratchDatabase } from './lib/scratch-database.js';
import { benchRequestLatency } from './request-latency.bench.js';
import { benchRequestLog } from './request-log.bench.js';
import { benchScaleOut } from './scale-out.bench.js';
import { benchArgon2, benchSignIn } from './sign-in.bench.js';
import { benchStartUp } from './start-up.bench.js';
import { benchSuppression } from './suppression.bench.js';
import { benchUserLogs } from './user-logs.bench.js';
import { benchWeb } from './web.bench.js';

/**
 * `npm run bench`: every benchmark, on PGlite and (when DATABASE_URL or TEST_DATABASE_URL is set)
 * on PostgreSQL. Figures are printed, never asserted. `npm run bench -- sign-in` runs one;
 * `npm run bench -- web` measures the built web app in Chromium; BENCH_DB=postgres or pglite runs one
 * database only.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
const only = process.argv[2];
/** BENCH_DB=postgres (or pglite) runs one database only. */
const onlyDb = process.env.BENCH_DB;
const benches = {
  'domain-info': benchDomainInfo,
  'sign-in': benchSignIn,
  'agency-list': benchAgencyList,
  'user-logs': benchUserLogs,
  ledger: benchLedger,
  identities: benchIdentities,
  'lead-engine': benchLeadEngine,
  'lead-report': benchLeadReport,
  'scale-out': benchScaleOut,
  web: benchWeb,
  exports: benchExports,
  billing: benchBilling,
  suppression: benchSuppression,
  delivery: benchDelivery,
  'start-up': benchStartUp,
  'request-latency': benchRequestLatency,
  'request-log': benchRequestLog,
} as const;
/** Benchmarks whose figures do not depend on the database run on PGlite only. */
const PGLITE_ONLY = new Set(['web', 'exports', 'request-latency', 'request-log']);
/** Benchmarks of several processes on one database need PostgreSQL. */
const POSTGRES_ONLY = new Set(['scale-out', 'start-up']);

for (const [name, bench] of Object.entries(benches)) {
  if (only && only !== name) continue;
  if (name === 'sign-in') await benchArgon2();
  if (!POSTGRES_ONLY.has(name) && onlyDb !== 'postgres') await bench('pglite');
  if (postgresUrl && !PGLITE_ONLY.has(name) && onlyDb !== 'pglite') {
    const scratch = await createScratchDatabase(postgresUrl);
    try {
      await bench('postgres', scratch.url);
    } finally {
      // BENCH_KEEP_DB=1 keeps the scratch database to look into it afterwards (psql, EXPLAIN).
      if (process.env.BENCH_KEEP_DB) console.log(`\n  kept scratch database: ${scratch.url}`);
      else await scratch.drop();
    }
  }
}
if (!postgresUrl) console.log('\n(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL)');
