import { createHash } from 'node:crypto';
import { campaigns, type Database, DEMO, DEMO_CAMPAIGNS, eq, leads } from '@app/db';
import type { LeadPrices } from '@app/pricing';

/** How many leads Brightreach's campaign delivered in the month before the demo's first start. */
export const DEMO_ROOT_FEE_LEADS = 24;

/**
 * Demo root fees (decision 0081): Brightreach, the demo's non-master system, owes the master the root
 * fee of every lead its campaigns delivered. The seed writes no leads, so at the demo's first start its
 * running campaign is given a month of history — leads delivered in the month before, at the prices
 * the leads module freezes on its leads today (`pricesOf`, `@app/pricing`) — and the root-fee job,
 * triggered with the worker, states that month: the Root Fees screen has a statement, due until the
 * master's receiving account is connected. Sandbox only, first start only, like the demo's other money.
 */
export async function seedDemoRootFees(deps: {
  db: Database;
  pricesOf: (campaignId: number) => Promise<LeadPrices | null>;
  now?: Date;
}): Promise<{ leads: number }> {
  const { db } = deps;
  const now = deps.now ?? new Date();
  const spec = DEMO_CAMPAIGNS.find((c) => c.client === DEMO.brightreach.agency.client.name);
  if (!spec) return { leads: 0 };
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.publicId, spec.publicId));
  const prices = campaign ? await deps.pricesOf(campaign.id) : null;
  if (!campaign || !prices) return { leads: 0 };
  const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1);
  const days = Math.round((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1) - monthStart) / 86_400_000);
  const rows = Array.from({ length: DEMO_ROOT_FEE_LEADS }, (_, n) => {
    // Spread over the month, one lead every day or so, during the afternoon (UTC).
    const at = new Date(
      monthStart + Math.floor((n * days) / DEMO_ROOT_FEE_LEADS) * 86_400_000 + (13 + (n % 6)) * 3_600_000,
    );
    const email = `bayview.visitor${n + 1}@example.com`;
    return {
      campaignId: campaign.id,
      clientId: campaign.clientId,
      agencyId: campaign.agencyId,
      systemId: campaign.systemId,
      module: campaign.module,
      identityMd5: createHash('md5').update(email).digest('hex'),
      claimedAt: at,
      source: 'pixel',
      firstName: 'Visitor',
      lastName: String(n + 1),
      emails: [email],
      pageUrl: campaign.urlCode,
      clientPriceMicros: prices.clientMicros,
      wholesaleMicros: prices.wholesaleMicros,
      rootFeeMicros: prices.rootFeeMicros,
      createdAt: at,
    };
  });
  const inserted = await db.insert(leads).values(rows).onConflictDoNothing().returning({ id: leads.id });
  return { leads: inserted.length };
}
