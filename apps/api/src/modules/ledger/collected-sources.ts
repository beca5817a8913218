import { sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import type { LedgerCauseKind } from './ledger-catalogue.js';

/**
 * Collected money (decision 0083): what came in through the payment gateway and what went back,
 * i.e. the lines of the system's `gateway_clearing` account of postings with one of these causes.
 * A charge's debit there is money in, whatever it paid for (revenue, an application fee, a Data
 * Wallet); a refund's credit is money back. Payouts to sales people (`transfer`) and corrections are
 * not collected money and are left out.
 */
export const COLLECTED_CAUSES = [
  'charge',
  'onboarding_charge',
  'wallet_topup',
  'minimum_spend',
  'refund',
] as const satisfies readonly LedgerCauseKind[];

/** What a collected line paid for; the same names as `@app/contracts` COLLECTED_SOURCES. */
export type CollectedSourceKey =
  | 'campaigns'
  | 'prepaid'
  | 'wallet'
  | 'minimum_spend'
  | 'onboarding'
  | 'refunds';

/*
 * The business keys these reads rely on (the operations' own, stored on every posting):
 *   campaign-activation:<campaign>:<n>, campaign-platform-part:<campaign>:<n>   (decision 0045)
 *   invoice:<campaign>:<activation>:<period|final>                               (decision 0074)
 *   prepaid-topup:<campaign>:<n>                                                 (decision 0076)
 *   each may end in :platform-part and/or :attempt-<k> (a retried or split charge, decisions 0065, 0075)
 *   prepaid-block:<the key of the charge that bought it, without those endings>  (decision 0072)
 *   refund:<the refunded charge's gateway object id>                             (decision 0078)
 */

/** The key of the operation a charge paid, without the attempt and platform-part endings. */
const operationKey = (key: SQL) =>
  sql`regexp_replace(regexp_replace(${key}, '(:platform-part)?(:attempt-[0-9]+)?$', ''), '^campaign-platform-part:', 'campaign-activation:')`;

/**
 * The source of a posting `p` (ledger_postings alias): by its cause, and for a campaign charge by
 * whether the operation it paid bought a prepaid block (a `prepaid-block:` posting names it).
 */
export const sourceOf = sql`case p.cause_kind
    when 'onboarding_charge' then 'onboarding'
    when 'wallet_topup' then 'wallet'
    when 'minimum_spend' then 'minimum_spend'
    when 'refund' then 'refunds'
    else case when exists (
      select 1 from ledger_postings b
       where b.business_key = 'prepaid-block:' || ${operationKey(sql`p.business_key`)}
         and b.cause_kind = 'prepaid_block' and b.system_id = p.system_id
    ) then 'prepaid' else 'campaigns' end
  end`;

/** A key of one campaign's charges (activation, its platform part, invoices, prepaid top-ups). */
const campaignKey = (key: SQL, campaignId: number) =>
  sql`${key} ~ ${`^(campaign-activation|campaign-platform-part|invoice|prepaid-topup):${campaignId}:`}`;

/**
 * Postings `p` of one campaign: its charges, and refunds of them (the refund's key names the charge's
 * gateway object, which the charge's posting carries; one lookup on the gateway-object index).
 */
export const ofCampaign = (campaignId: number) => sql`(${campaignKey(sql`p.business_key`, campaignId)}
  or (p.cause_kind = 'refund' and exists (
    select 1 from ledger_postings c
     where c.gateway = p.gateway and c.gateway_object_id = substr(p.business_key, 8)
       and c.system_id = p.system_id and ${campaignKey(sql`c.business_key`, campaignId)})))`;
