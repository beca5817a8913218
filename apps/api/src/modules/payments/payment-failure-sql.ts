import { sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

/*
 * What "payment failed" means in a list's SQL (decision 0065), said once for every list that shows
 * or filters it: an open row of `payment_failures`, read through its partial indexes.
 */

/** The company (an SQL expression of its id) has a declined charge it has not paid yet. */
export const paymentFailedSql = (companyId: SQL): SQL =>
  sql`exists (select 1 from payment_failures pf where pf.payer_company_id = ${companyId} and pf.settled_at is null)`;

/** The agency (an SQL expression of its id) or one of its clients has a declined charge not paid yet. */
export const paymentFailedUnderAgencySql = (agencyId: SQL): SQL =>
  sql`exists (select 1 from payment_failures pf where pf.agency_id = ${agencyId} and pf.settled_at is null)`;
