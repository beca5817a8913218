import { benchDomainInfo } from './domain-info.bench.js';
import { createScratchDatabase } from './lib/scratch-database.js';

/**
 * `npm run bench`: every benchmark, on PGlite and (when DATABASE_URL or TEST_DATABASE_URL is set)
 * on PostgreSQL. Figures are printed, never asserted.
 */
const postgresUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
await benchDomainInfo('pglite');
if (postgresUrl) {
  const scratch = await createScratchDatabase(postgresUrl);
  try {
    await benchDomainInfo('postgres', scratch.url);
  } finally {
    await scratch.drop();
  }
} else console.log('\n(PostgreSQL skipped: set DATABASE_URL or TEST_DATABASE_URL)');
