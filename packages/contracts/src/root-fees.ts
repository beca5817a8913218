import { z } from 'zod';

/**
 * Root fees between systems (decisions 0081, 0088): what each non-master system owes the master per
 * calendar month (UTC) — the root fee frozen on each lead, and on each setup and period fee its
 * campaigns were charged — and whether the transfer paid it, or when a refused one is tried next.
 * Amounts are integer cents (`*_cents`), unit prices micro-dollars (`*_micros`), as the reconciliation
 * screen's.
 */

export const ROOT_FEE_STATUS_LABELS = {
  due: 'Due',
  paid: 'Paid',
  failed: 'Transfer refused',
  nothing_due: 'Nothing due',
} as const;
export type RootFeeStatus = keyof typeof ROOT_FEE_STATUS_LABELS;

const cents = z.number().int();

/** What a statement's fee lines count (decision 0088). */
export const ROOT_FEE_FEE_LABELS = { setup_fee: 'Setup fees', period_fee: 'Period fees' } as const;

export const rootFeeStatementSchema = z.object({
  month: z.string(),
  lead_count: z.number().int(),
  amount_cents: cents,
  lines: z.array(
    z.object({ leads: z.number().int(), unit_price_micros: z.number().int(), amount_cents: cents }),
  ),
  /** The root fee of the setup and period fees charged, per kind (decision 0088). */
  fee_lines: z.array(
    z.object({
      kind: z.enum(['setup_fee', 'period_fee']),
      label: z.string(),
      count: z.number().int(),
      amount_cents: cents,
    }),
  ),
  status: z.enum(['due', 'paid', 'failed', 'nothing_due']),
  status_label: z.string(),
  transfer_id: z.string().nullable(),
  failure: z.string().nullable(),
  settled_at: z.string().nullable(),
  /** Which try of the transfer (2 and up: after refusals). */
  attempt: z.number().int(),
  /** A refused transfer: when it is tried again (the back-off, decision 0088); null otherwise. */
  next_attempt_at: z.string().nullable(),
});

export const rootFeeSystemSchema = z.object({
  system_id: z.number().int(),
  system_name: z.string(),
  /** The master's account on this system's gateway: '' when none is connected yet. */
  receiving_account: z.object({ status: z.string(), payouts_enabled: z.boolean() }),
  owed_cents: cents,
  statements: z.array(rootFeeStatementSchema),
});

export const rootFeesResponseSchema = z.object({
  /** `paying`: the caller's system owes the master; `master`: the caller's system is the master. */
  view: z.enum(['paying', 'master']),
  systems: z.array(rootFeeSystemSchema),
});
export type RootFeesResponse = z.infer<typeof rootFeesResponseSchema>;
export type RootFeeSystem = z.infer<typeof rootFeeSystemSchema>;
export type RootFeeStatementWire = z.infer<typeof rootFeeStatementSchema>;

/** `?system_id=`: one system of the list (the master's owner reading one paying system). */
export const rootFeesQuerySchema = z
  .object({ system_id: z.coerce.number().int().positive().optional() })
  .strict();

/** `POST /configuration/root-fees/receiving-account-link`: the paying system whose fees it receives. */
export const rootFeeAccountLinkRequestSchema = z.strictObject({
  system_id: z.number().int().positive().max(2_147_483_647),
});

export const rootFeeAccountLinkSchema = z.object({
  status: z.string(),
  url: z.string(),
  expires_at: z.string(),
});
