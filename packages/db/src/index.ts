export { and, asc, desc, eq, gt, gte, ilike, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
export * from './client.js';
export * from './schema/index.js';
export { seedDemo, isSeeded, type SeedDependencies } from './seed/seed.js';
export { DEMO, DEMO_PASSWORD } from './seed/demo-data.js';
