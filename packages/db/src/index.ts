export {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  ne,
  or,
  sql,
} from 'drizzle-orm';
export type { StartupLock } from './advisory-lock.js';
export * from './client.js';
export { insertCompany, type NewCompany } from './companies.js';
export { emailHolder } from './people.js';
export { firstRow, likeLiteral, queryRows } from './rows.js';
export * from './schema/index.js';
export { DEMO_CAMPAIGNS } from './seed/campaigns.js';
export { DEMO, DEMO_PASSWORD } from './seed/demo-data.js';
export { drawLogoPng } from './seed/logo.js';
export { isSeeded, type SeedDependencies, seedDemo } from './seed/seed.js';
