-- Hand-written (decision 0072): prepaid leads left become ledger lots before the counter goes. Each
-- campaign with leads left gets one lot of that many leads, posted from the system's outstanding
-- leads to the client's prepaid account for the campaign, at the campaign's client price (the
-- wholesale of an old block is not known: 0, so refunding it gives the agency nothing back).
DO $$
DECLARE
  r record;
  outstanding bigint;
  prepaid bigint;
  posting bigint;
  moved_at timestamptz := now();
BEGIN
  FOR r IN
    SELECT b.campaign_id, b.leads_left, c.system_id, c.client_id, c.cost_per_lead_micros
      FROM campaign_prepaid_balances b JOIN campaigns c ON c.id = b.campaign_id
     WHERE b.leads_left > 0
     ORDER BY b.campaign_id
  LOOP
    INSERT INTO ledger_accounts (system_id, kind, reference, unit)
    VALUES (r.system_id, 'prepaid_outstanding', '', 'leads') ON CONFLICT DO NOTHING;
    SELECT id INTO outstanding FROM ledger_accounts
     WHERE system_id = r.system_id AND kind = 'prepaid_outstanding' AND company_id IS NULL AND user_id IS NULL AND reference = '';
    INSERT INTO ledger_accounts (system_id, kind, company_id, reference, unit)
    VALUES (r.system_id, 'prepaid', r.client_id, r.campaign_id::text, 'leads') ON CONFLICT DO NOTHING;
    SELECT id INTO prepaid FROM ledger_accounts
     WHERE system_id = r.system_id AND kind = 'prepaid' AND company_id = r.client_id AND user_id IS NULL AND reference = r.campaign_id::text;
    INSERT INTO ledger_postings (system_id, cause_kind, description, business_key, company_id, line_count, created_at)
    VALUES (r.system_id, 'prepaid_block', 'Prepaid leads left when lots replaced the counter', 'prepaid-migrated:' || r.campaign_id,
            r.client_id, 2, moved_at)
    RETURNING id INTO posting;
    INSERT INTO ledger_lines (posting_id, account_id, amount, posted_at)
    VALUES (posting, outstanding, r.leads_left, moved_at), (posting, prepaid, -r.leads_left, moved_at);
    INSERT INTO billing_lots (system_id, company_id, campaign_id, kind, account_id, quantity, client_price_micros,
                              wholesale_micros, bought_at, expires_at, source_key)
    VALUES (r.system_id, r.client_id, r.campaign_id, 'prepaid', prepaid, r.leads_left, r.cost_per_lead_micros, 0,
            moved_at, NULL, 'prepaid-migrated:' || r.campaign_id);
  END LOOP;
END
$$;--> statement-breakpoint
DROP TABLE "campaign_prepaid_balances" CASCADE;
