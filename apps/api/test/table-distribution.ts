/**
 * Where every table would live on a Citus cluster (decision 0121). `citus-schema.api.test.ts` walks
 * the migrated database's catalog and fails when a table is missing here, when a distributed table
 * lacks the distribution column in itself, its primary key, a unique index or a foreign key to
 * another distributed table, or when a foreign key goes a way Citus refuses.
 *
 * - distributed: sharded by `agency_id` (the agency company's id), all in one co-location group, so a
 *   client's campaigns' leads, claims, counters, totals and deliveries are on one worker and a batch's
 *   claim transaction stays on one shard when the intake is taken per agency.
 * - reference: small, read everywhere, written rarely: a full copy on every node, so any shard joins
 *   them locally and a distributed table may point to them.
 * - local: stays on the coordinator (a Citus local table): written per charge, per request or per
 *   screen, not per lead, or not yet moved (the ledger's and the outbox's plan is in decision 0121).
 */

/** The distribution column of every distributed table. */
export const DISTRIBUTION_COLUMN = 'agency_id';

export const DISTRIBUTED_TABLES: readonly string[] = [
  // What arrives and is claimed, per lead or per page view.
  'lead_intake',
  'lead_claims',
  'client_lead_claims',
  'campaign_limit_counters',
  'leads',
  'lead_totals',
  'lead_rejections',
  // What is delivered, per lead and per connection.
  'lead_deliveries',
  'integration_deliveries',
  'integration_delivery_attempts',
];

/**
 * The triggers of distributed tables, each with what becomes of it on Citus (decision 0121). A
 * new trigger on a distributed table fails the schema test until its way onto the shards is
 * written here.
 */
export const DISTRIBUTED_TABLE_TRIGGERS: Record<string, string> = {
  'leads.leads_prices_frozen': 'row trigger that only refuses a change: created on every shard',
  'leads.leads_scope_frozen': 'row trigger that only refuses a change: created on every shard',
  'leads.leads_totals_insert':
    'statement trigger with a transition table: replaced by the claim’s own totals upsert',
  'leads.leads_totals_delete':
    'statement trigger with a transition table: replaced by the deleting statement’s upsert',
  'leads.leads_totals_truncate':
    'statement trigger: a truncate of leads clears lead_totals in the same command',
};

export const REFERENCE_TABLES: readonly string[] = [
  // Tenancy and people: every request and every lead reads them.
  'systems',
  'companies',
  'users',
  'roles',
  'role_permissions',
  'company_groups',
  'company_sales_links',
  'minimum_spend_plans',
  // A company's settings and prices: read by the ingestion's pricing and gates.
  'agency_prices',
  'campaign_minimums',
  'company_branding',
  'company_modules',
  'company_payment_terms',
  'company_smtp',
  'onboarding_settings',
  // Campaigns: every lead names one, the pixel finds one by its public id, 30 tables point to it.
  'campaigns',
  // Where a lead goes besides e-mail: read per stored lead.
  'integration_connections',
  'integration_campaign_settings',
  // Feature switches read at sign-in and per screen.
  'beta_features',
  'system_beta_features',
];

export const LOCAL_TABLES: readonly string[] = [
  // The campaign state machine's log and the lead engine's per-day runs: one row per move or day.
  'campaign_moves',
  'vendor_list_runs',
  'locator_mirrors',
  // Money: per charge, invoice or period (decision 0121 has the ledger's path to the workers).
  'ledger_accounts',
  'ledger_postings',
  'ledger_lines',
  'billing_lots',
  'prepaid_refunds',
  'billing_schedules',
  'commission_payouts',
  'commission_settings',
  'commission_rate_changes',
  'sales_commissions',
  'data_wallet_settings',
  'invoices',
  'invoice_lines',
  'invoice_numbers',
  'minimum_spend_settings',
  'minimum_spend_charges',
  'reconciliation_runs',
  'reconciliation_differences',
  'root_fee_statements',
  'root_fee_charges',
  'payment_events',
  'payment_accounts',
  'payment_operations',
  'payment_failures',
  'payment_reminders',
  'payment_customers',
  'payment_cards',
  'coupons',
  'coupon_redemptions',
  // Sessions, sign-in and shared mechanisms.
  'token_families',
  'refresh_tokens',
  'login_challenges',
  'one_time_tokens',
  'bot_check_uses',
  'app_secrets',
  'idempotency_keys',
  'rate_limits',
  // The pixel's shared rate limit: a minute's counters per (campaign, address), flushed once a second.
  'pixel_hits',
  'api_keys',
  'api_request_log',
  'developer_settings',
  // Agreements and feature testers.
  'agreement_acceptances',
  'agreement_download_links',
  'beta_testers',
  'feature_agreements',
  // The ad platform's campaigns, audiences and media.
  'ad_platform_organizations',
  'ad_campaign_budgets',
  'ad_budget_charges',
  'ad_campaign_stats',
  'ad_budget_refunds',
  'ad_audiences',
  'ad_audience_keys',
  'ad_audience_staging',
  'ad_campaign_audiences',
  'ad_media',
  'ad_media_download_tokens',
  'ad_banners',
  // Exclusion lists and counts.
  'suppression_entries',
  'suppression_uploads',
  'suppression_staging',
  'suppression_settings',
  'keyword_counts',
  'enhancement_counts',
  // Integrations' consents.
  'integration_oauth_states',
  // Records, mail and files.
  'user_logs',
  'email_messages',
  'email_attachments',
  'files',
  'documents',
  // The sandbox providers' own state (no production deployment writes them).
  'sandbox_accounts',
  'sandbox_tokens',
  'sandbox_customers',
  'sandbox_cards',
  'sandbox_charges',
  'sandbox_refunds',
  'sandbox_transfers',
  'sandbox_events',
  'sandbox_ad_organizations',
  'sandbox_ad_campaigns',
  'sandbox_ad_campaign_history',
  'sandbox_ad_audiences',
  'sandbox_ad_audience_keys',
  'sandbox_ad_ads',
  'sandbox_ad_ad_history',
  'sandbox_identities',
  'sandbox_identity_sets',
  'sandbox_integration_accounts',
  'sandbox_integration_tokens',
  'sandbox_integration_records',
  'sandbox_vendor_requests',
  'vendor_callback_nonces',
];
