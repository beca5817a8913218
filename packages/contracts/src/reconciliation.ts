import { z } from 'zod';

/**
 * Reconciliation (issue 21, decision 0079): the latest daily comparison of the ledger with the payment
 * gateway's records, per gateway of the caller's system. Amounts are integer cents (`*_cents`).
 */

export const RECONCILIATION_DIFFERENCE_LABELS = {
  gateway_record_without_operation: 'Gateway record with no operation',
  operation_without_gateway_record: 'Operation charged, no gateway record',
  operation_failed_but_charged: 'Operation failed, gateway charged',
  amount_mismatch: 'Amount differs',
  application_fee_mismatch: 'Application fee differs',
  ledger_posting_missing: 'Ledger posting missing',
  ledger_amount_mismatch: 'Ledger amount differs',
  ledger_posting_without_gateway_record: 'Ledger posting with no gateway record',
} as const;
export type ReconciliationDifferenceKind = keyof typeof RECONCILIATION_DIFFERENCE_LABELS;

const cents = z.number().int();

export const reconciliationDifferenceSchema = z.object({
  kind: z.string(),
  label: z.string(),
  operation_key: z.string().nullable(),
  gateway_object_id: z.string().nullable(),
  company_id: z.number().int().nullable(),
  ours_cents: cents.nullable(),
  gateway_cents: cents.nullable(),
});

export const reconciliationRunSchema = z.object({
  gateway: z.string(),
  run_date: z.string(),
  ran_at: z.string(),
  checked: z.number().int(),
  difference_count: z.number().int(),
  gateway_totals: z.object({
    charges_cents: cents,
    refunds_cents: cents,
    transfers_cents: cents,
    application_fees_cents: cents,
    net_cents: cents,
  }),
  ledger_totals: z.object({ net_cents: cents, postings: z.number().int() }),
  parties: z.array(
    z.object({ company_id: z.number().int(), name: z.string(), gateway_cents: cents, ledger_cents: cents }),
  ),
  differences: z.array(reconciliationDifferenceSchema),
});

export const reconciliationResponseSchema = z.object({ runs: z.array(reconciliationRunSchema) });
export type ReconciliationResponse = z.infer<typeof reconciliationResponseSchema>;
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;
