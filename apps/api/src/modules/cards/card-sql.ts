import { sql } from '@app/db';
import type { SQL } from 'drizzle-orm';

/**
 * What "has a card on file" means in a list's SQL (decisions 0032, 0094), said once for the agency
 * and client lists' Card Status filter and the agencies report: the company has a current card
 * (not replaced), one probe of `payment_cards_current_idx`.
 */
export const hasCurrentCardSql = (companyId: SQL): SQL =>
  sql`exists (select 1 from payment_cards pc where pc.company_id = ${companyId} and pc.replaced_at is null)`;
