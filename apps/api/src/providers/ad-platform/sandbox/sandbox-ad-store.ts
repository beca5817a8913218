import { randomBytes } from 'node:crypto';
import type { Micros } from '@app/contracts';
import {
  and,
  asc,
  type Database,
  type Executor,
  eq,
  isNull,
  sandboxAdCampaignHistory,
  sandboxAdCampaigns,
  sandboxAdOrganizations,
} from '@app/db';
import { fingerprintOf, IdempotencyMismatchError, runInTransaction } from '../../../lib/idempotency.js';
import {
  type AdCampaign,
  type AdCampaignStatus,
  type AdGoal,
  type AdOrganization,
  AdPlatformError,
  type AdStatusChange,
} from '../ad-platform.js';

/*
 * The sandbox ad platform's reads and writes of its own tables (decision 0044). Nothing else names them.
 */

/** A new object id, prefixed like the platform's objects so logs read alike. */
export const newAdId = (prefix: 'org' | 'cmp' | 'aud' | 'ad') =>
  `${prefix}_sbx${randomBytes(10).toString('hex')}`;

type CampaignRow = typeof sandboxAdCampaigns.$inferSelect;
type HistoryRow = typeof sandboxAdCampaignHistory.$inferSelect;

export const organizationOf = (row: typeof sandboxAdOrganizations.$inferSelect): AdOrganization => ({
  id: row.id,
  parentId: row.parentId,
  name: row.name,
  reference: row.reference,
  customId: row.customId,
});

/** The organisation unless it was deleted; with `lock` its row is held until the transaction ends. */
export async function readOrganization(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdOrganization | null> {
  const query = db
    .select()
    .from(sandboxAdOrganizations)
    .where(and(eq(sandboxAdOrganizations.id, id), isNull(sandboxAdOrganizations.deletedAt)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ? organizationOf(row) : null;
}

function goalOf(row: CampaignRow): AdGoal | null {
  if (row.goalType === null || row.goalValue === null) return null;
  return row.goalType === 'ctr'
    ? { type: 'ctr', value: row.goalValue }
    : { type: row.goalType, value: row.goalValue as Micros };
}

/** The goal as the two columns store it. */
export const goalColumns = (goal: AdGoal | null) => ({
  goalType: goal?.type ?? null,
  goalValue: goal?.value ?? null,
});

function campaignOf(row: CampaignRow, history: readonly HistoryRow[]): AdCampaign {
  return {
    id: row.id,
    organizationId: row.organizationId,
    reference: row.reference,
    name: row.name,
    kind: row.kind,
    status: row.status,
    keywords: row.keywords,
    contextualKeywords: row.contextualKeywords,
    geography: { national: row.national, states: row.states, cities: row.cities, zips: row.zips },
    budget: {
      ...(row.dailyBudgetCents !== null ? { daily: row.dailyBudgetCents } : {}),
      ...(row.totalBudgetCents !== null ? { total: row.totalBudgetCents } : {}),
    },
    maxBid: row.maxBidMicros,
    goal: goalOf(row),
    audienceIds: row.audienceIds,
    startDate: row.startDate,
    endDate: row.endDate,
    timeZone: row.timeZone,
    history: history.map(
      (h): AdStatusChange => ({
        change: h.change as AdStatusChange['change'],
        from: h.fromStatus,
        to: h.toStatus,
        at: h.at,
      }),
    ),
  };
}

/**
 * The campaign with its history, its status as stored (before the end date is applied); with `lock`
 * its row is held for update until the transaction ends.
 */
export async function readCampaign(
  db: Executor,
  id: string,
  options: { lock?: boolean } = {},
): Promise<AdCampaign | null> {
  const query = db.select().from(sandboxAdCampaigns).where(eq(sandboxAdCampaigns.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) return null;
  const history = await db
    .select()
    .from(sandboxAdCampaignHistory)
    .where(eq(sandboxAdCampaignHistory.campaignId, id))
    .orderBy(asc(sandboxAdCampaignHistory.sequence));
  return campaignOf(row, history);
}

export async function recordChange(
  db: Executor,
  campaignId: string,
  change: AdStatusChange['change'],
  from: AdCampaignStatus | null,
  to: AdCampaignStatus,
  at: Date,
) {
  await db
    .insert(sandboxAdCampaignHistory)
    .values({ campaignId, change, fromStatus: from, toStatus: to, at });
}

/**
 * Runs one mutating call under its idempotency key, in one transaction (the shared store's
 * `runInTransaction`, decision 0101): the key is claimed first (a concurrent call with the same key
 * waits on that row, then reads the committed answer), the work runs and its object id is stored with
 * the key. A repeat with the same input answers the id; with other input, `idempotency_mismatch`. A
 * refused call rolls back and leaves the key unused.
 */
export async function runIdempotent(
  db: Database,
  operation: string,
  input: { idempotencyKey: string } & object,
  work: (tx: Executor) => Promise<string>,
  /** What the fingerprint compares, when not the input itself (a digest instead of a file). */
  fingerprinted: object = input,
): Promise<string> {
  const key = input.idempotencyKey;
  const mismatch = () =>
    new AdPlatformError(
      'idempotency_mismatch',
      `The idempotency key '${key}' was used before with other input; use another key for another request.`,
    );
  try {
    const result = await runInTransaction(
      db,
      {
        scope: 'sandbox-ad',
        key,
        operation,
        fingerprint: fingerprintOf(operation, fingerprinted, ['idempotencyKey']),
      },
      async (tx) => {
        const id = await work(tx);
        return { value: id, store: { resultId: id } };
      },
    );
    if (!result.replayed) return result.value;
    if (!result.stored.resultId) throw mismatch();
    return result.stored.resultId;
  } catch (err) {
    if (err instanceof IdempotencyMismatchError) throw mismatch();
    throw err;
  }
}
