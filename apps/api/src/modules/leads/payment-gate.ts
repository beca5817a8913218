import { acceptsLeads } from '@app/lead-engine';
import type { IngestCampaign } from './ingest-campaigns.js';

/** Which of these companies owe a declined invoice (the payments module's one indexed read). */
export type OwingInvoices = (companyIds: readonly number[]) => Promise<Set<number>>;

/**
 * The campaigns of a batch whose payer owes a declined invoice (decision 0075): the client, or the
 * agency (which pays the platform's part, or everything under manual bill). Read once per batch for
 * the batch's companies, so the gate costs one query however many leads the batch holds. Their leads
 * are refused (`payment_failed`) and the campaign is paused on run until the debt is settled.
 */
export async function campaignsOfUnpaidPayers(
  owing: OwingInvoices,
  campaigns: ReadonlyMap<number, IngestCampaign>,
): Promise<Set<number>> {
  const taking = [...campaigns.values()].filter((c) => acceptsLeads(c.rules.state));
  const unpaid = new Set<number>();
  if (taking.length === 0) return unpaid;
  const owes = await owing([...new Set(taking.flatMap((c) => [c.clientId, c.agencyId]))]);
  if (owes.size === 0) return unpaid;
  for (const c of taking) if (owes.has(c.clientId) || owes.has(c.agencyId)) unpaid.add(c.id);
  return unpaid;
}
