import {
  advancedInformationLines,
  formatUsdMicros,
  type LeadPrices,
  type LeadReportRow,
  microsToDollars,
  pricesB2bLeads,
} from '@app/contracts';
import type { LeadRecord } from './lead-row-repository.js';
import type { Viewer } from './lead-scope.js';

/*
 * A stored lead as each party may see it: a client its own price and, when its campaign hides
 * phones from it, no phone; the agency also its wholesale; the system's staff the root fee too.
 */

export const phoneHidden = (r: Pick<LeadRecord, 'hidePhone'>, viewer: Viewer) =>
  r.hidePhone && viewer === 'client';

export function pricesFor(
  r: Pick<LeadRecord, 'clientPrice' | 'wholesale' | 'rootFee'>,
  viewer: Viewer,
): LeadPrices {
  return {
    client_price: microsToDollars(r.clientPrice),
    wholesale: viewer === 'client' ? null : microsToDollars(r.wholesale),
    root_fee: viewer === 'root' ? microsToDollars(r.rootFee) : null,
  };
}

export function reportRowOf(r: LeadRecord, viewer: Viewer): LeadReportRow {
  const hidden = phoneHidden(r, viewer);
  return {
    lead_id: r.id,
    leadspeekID: r.campaignId,
    leadspeek_api_id: r.publicId,
    campaign_name: r.campaignName,
    client_company_name: r.clientName,
    module: r.module,
    created_at: r.createdAt.toISOString(),
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: hidden ? '' : r.phone,
    phone_hidden: hidden,
    street: r.street,
    city: r.city,
    state: r.state,
    zip: r.zip,
    company: r.company,
    advanced: advancedInformationLines(r.advanced),
    page_url: r.pageUrl,
    keyword: r.keyword,
    source: r.source,
    prices: pricesFor(r, viewer),
  };
}

const per = (amount: LeadRecord['clientPrice']) => `${formatUsdMicros(amount)} per lead`;

/** Where the client's price came from, in words (the campaign's per-lead cost of its kind). */
function clientPriceSource(r: LeadRecord): string {
  const cost = pricesB2bLeads(r.campaignModule)
    ? "the campaign's cost per B2B lead"
    : "the campaign's cost per lead";
  if (r.paymentTerm === 'Prepaid') return `${cost}, paid from the leads bought in advance (Prepaid term)`;
  return `${cost}, ${r.paymentTerm} term`;
}

/**
 * "What did each party pay for this": one line per price the viewer may see, then how prices
 * behave. Every amount is the one frozen on the lead when it was stored.
 */
export function explanationOf(r: LeadRecord, viewer: Viewer): string[] {
  const lines = [`Client price: ${per(r.clientPrice)} (${clientPriceSource(r)})`];
  if (viewer !== 'client')
    lines.push(`Wholesale: ${per(r.wholesale)} (what the agency pays the platform for a ${r.module} lead)`);
  if (viewer === 'root')
    lines.push(
      `Root fee: ${per(r.rootFee)} (the master platform's fee for a lead of a white-label system; none on the master platform)`,
    );
  lines.push('Prices are fixed when a lead is stored: later price changes do not alter them.');
  return lines;
}
