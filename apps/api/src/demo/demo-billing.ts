import { campaigns, type Database, DEMO_CAMPAIGNS, inArray } from '@app/db';
import type { BillingSchedules } from '../modules/billing/index.js';
import type { CustomerOf } from './demo-money.js';

/**
 * Demo billing (decision 0074): the demo's running and paused Weekly and Monthly campaigns were
 * activated about three months ago by the seed, which writes rows, not billing. At the demo's first
 * start their billing schedules are opened from those activations — for the campaigns whose payer
 * has a card (a client without one would only show a payment failure) — and the invoice job, started
 * with the worker, invoices every period since: months of sandbox invoices and charges a newcomer sees.
 * Sandbox only, like the demo's other money; each schedule opens once however often this runs.
 */
export async function seedDemoBilling(deps: {
  db: Database;
  schedules: Pick<BillingSchedules, 'open'>;
  customerOf: CustomerOf;
}): Promise<{ schedules: number }> {
  const { db } = deps;
  const rows = await db
    .select()
    .from(campaigns)
    .where(
      inArray(
        campaigns.publicId,
        DEMO_CAMPAIGNS.map((c) => c.publicId),
      ),
    );
  let opened = 0;
  for (const c of rows) {
    if (c.activatedAt === null || (c.status !== 'running' && c.status !== 'paused')) continue;
    if (c.paymentTerm !== 'Weekly' && c.paymentTerm !== 'Monthly') continue;
    if (!(await deps.customerOf(c.clientId))) continue;
    await deps.schedules.open({
      systemId: c.systemId,
      campaignId: c.id,
      // The seed records one activation per running or paused campaign.
      activation: 1,
      term: c.paymentTerm,
      timeZone: c.timeZone,
      startedAt: c.activatedAt,
    });
    opened += 1;
  }
  return { schedules: opened };
}
