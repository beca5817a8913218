import {
  type ActivationChargeAnswer,
  type AdPlatformSync,
  type CampaignListRow,
  type RefundEstimate,
  type SendTestLeadResponse,
  formatUsdText as usd,
} from '@app/contracts';
import type { SiteCheckResult } from '../../api/campaigns';

/** The badge colour of a campaign's state (the text is the server's `status_label`). */
export function statusColor(row: Pick<CampaignListRow, 'status' | 'archived'>): string {
  if (row.archived === 'T') return 'gray';
  if (row.status === 'running') return 'green';
  if (row.status === 'paused_on_run') return 'orange';
  if (row.status === 'paused') return 'yellow';
  return 'gray';
}

/** A locator campaign's copy at the ad platform, as the list shows it (the reason is in a tooltip). */
export const AD_PLATFORM_SYNC_LABELS: Record<AdPlatformSync, string> = {
  '': '',
  in_sync: 'In sync',
  pending: 'Updating',
  retrying: 'Retrying',
  refused: 'Refused',
};

export function adPlatformSyncColor(sync: AdPlatformSync): string {
  if (sync === 'in_sync') return 'green';
  if (sync === 'refused') return 'red';
  if (sync === 'retrying') return 'orange';
  return 'gray';
}

/** The moves a row offers, from its state; the server's state machine has the last word. */
export interface RowMoves {
  activate: boolean;
  pause: boolean;
  resume: boolean;
  stop: boolean;
  archive: boolean;
  unarchive: boolean;
  remove: boolean;
}

export function rowMoves(row: Pick<CampaignListRow, 'status' | 'archived'>): RowMoves {
  const archived = row.archived === 'T';
  const live = !archived;
  return {
    activate: live && row.status === 'stopped',
    pause: live && row.status === 'running',
    resume: live && (row.status === 'paused' || row.status === 'paused_on_run'),
    stop: live && row.status !== 'stopped',
    archive: live && row.status === 'stopped',
    unarchive: archived,
    remove: row.status === 'stopped',
  };
}

/** Who reads an activation's charge: the client itself, its agency, or the platform's staff. */
export type ChargeViewer = 'client' | 'agency' | 'staff';

/**
 * What an activation charged, said to the person who reads it: a client hears only of its own card
 * ('Charged $148.00 to your card (Sandbox).'), never of what its agency pays the platform; the agency
 * hears of both cards, its own as "your card"; null when nothing this reader should hear of was charged.
 */
export function chargeText(charge: ActivationChargeAnswer | null, viewer: ChargeViewer): string | null {
  if (!charge) return null;
  const sandbox = charge.sandbox ? ' (Sandbox)' : '';
  const card = (whose: 'client' | 'agency') =>
    viewer === whose ? 'your card' : whose === 'client' ? "the client's card" : "the agency's card";
  if (viewer === 'client')
    return charge.payer === 'client' && charge.amount !== '0'
      ? `Charged $${charge.amount} to your card${sandbox}.`
      : null;
  const parts: string[] = [];
  if (charge.amount !== '0') parts.push(`$${charge.amount} to ${card(charge.payer)}`);
  if (charge.agency_amount !== '0')
    parts.push(`$${charge.agency_amount} to ${card('agency')} for the platform's part`);
  const wallet =
    charge.wallet_amount === '0'
      ? ''
      : `Paid $${charge.wallet_amount} from ${viewer === 'agency' ? 'your' : "the agency's"} Data Wallet${charge.payer === 'agency' ? '' : " for the platform's part"}.`;
  if (parts.length === 0) return wallet === '' ? null : wallet;
  return `Charged ${parts.join(' and ')}${sandbox}.${wallet === '' ? '' : ` ${wallet}`}`;
}

/** The parts of the payer's charge, for the line under the total ('' when it paid nothing). */
export function chargeParts(charge: ActivationChargeAnswer): string {
  // Under manual bill the agency's Data Wallet may have paid the whole of the payer's charge.
  const paid = charge.payer === 'agency' && charge.amount === '0' ? charge.wallet_amount : charge.amount;
  if (paid === '0') return '';
  const parts = [`setup fee $${charge.setup_fee}`, `platform fee $${charge.period_fee}`];
  if (charge.leads > 0) parts.push(`${charge.leads} leads $${charge.leads_amount}`);
  return parts.join(', ');
}

/**
 * Where a prepaid refund's money goes, for the confirmation (decisions 0078, 0087): '20 leads: $10.00
 * back to the client's card and $5.00 back into the agency's Data Wallet.' Only the places that get
 * something are named.
 */
export function refundDestinationsText(
  e: Pick<RefundEstimate, 'leads_left' | 'client_refund' | 'agency_card_refund' | 'agency_wallet_refund'>,
): string {
  const parts: string[] = [];
  if (e.client_refund !== '0') parts.push(`${usd(e.client_refund)} back to the client's card`);
  if (e.agency_card_refund !== '0') parts.push(`${usd(e.agency_card_refund)} back to the agency's card`);
  if (e.agency_wallet_refund !== '0')
    parts.push(`${usd(e.agency_wallet_refund)} back into the agency's Data Wallet`);
  const last = parts.pop();
  if (last === undefined) return `${e.leads_left} leads: nothing was paid for them to give back.`;
  return `${e.leads_left} leads: ${parts.length > 0 ? `${parts.join(', ')} and ${last}` : last}.`;
}

/** A site check as one sentence: its message, and when it was found. */
export function siteCheckText(result: SiteCheckResult): string {
  if (!result.checked_at) return result.message;
  const when = new Date(result.checked_at);
  const at = Number.isNaN(when.getTime()) ? result.checked_at : when.toLocaleString();
  return `${result.message} (checked ${at})`;
}

/**
 * How a test lead's answer is told: stored is good news (green), a refusal by the campaign's own
 * pipeline is a failure the person must act on (red), still on its way is neither (blue). The server
 * answers 200 for all three: the colour comes from what happened, not from the status code.
 */
export function testLeadNotice(answer: Pick<SendTestLeadResponse, 'message' | 'data'>): {
  color: 'green' | 'red' | 'blue';
  message: string;
} {
  if (answer.data.lead_id !== null) return { color: 'green', message: answer.message };
  if (answer.data.rejection !== null) return { color: 'red', message: answer.message };
  return { color: 'blue', message: answer.message };
}
