import { randomUUID } from 'node:crypto';
import type { AdvancedInformationId } from '@app/contracts';
import { sellsBusinessLeads } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { normalizePlace, normalizeState } from '@app/lead-engine';
import {
  type DataVendor,
  DataVendorUnavailable,
  type EnhancementCountAnswer,
  type EnhancementCountRequest,
  type KeywordCountAnswer,
  type KeywordCountRequest,
  type VendorAnswer,
} from '../data-vendor.js';
import { checkFields, checkGeography, checkKeyword } from '../requests.js';
import { IdentityRequestError } from '../resolver.js';
import { advancedValue } from './advanced-values.js';
import { hash32 } from './hashing.js';
import { audienceFacts, countAudience, zipsIn } from './sandbox-people.js';

export interface SandboxDataVendorOptions {
  db: Database;
  /** The resolver's seed and its generation (the vendor counts the same synthetic people). */
  seed: string;
  ensureSeeded: () => Promise<unknown>;
  /** Share of questions answered slowly, through a ticket (heavy load), 0 to 1 (default 0.1). */
  slowShare?: number;
  /** Share of questions that fail (an outage), 0 to 1 (default 0.05). */
  failureShare?: number;
  /** How long a slow answer takes (default 90 s). */
  slowSeconds?: number;
  /**
   * Tests only: each question's fate instead of the shares' draw (like the payment sandbox's knobs),
   * so a test makes the vendor answer, wait or fail exactly when it needs to.
   */
  decide?: (question: SandboxQuestion) => SandboxFate;
}

/** A question as the sandbox vendor records it: its kind, what makes it the same, how often asked before. */
export interface SandboxQuestion {
  kind: 'keyword' | 'enhancement';
  fingerprint: string;
  attempt: number;
}
export type SandboxFate = 'answer' | 'slow' | 'fail';

export const SANDBOX_VENDOR_DEFAULTS = { slowShare: 0.1, failureShare: 0.05, slowSeconds: 90 } as const;
const BASIS = 10_000;

/**
 * The default data vendor (decision 0093): a real implementation over the sandbox resolver's
 * synthetic people. Counts are exact counts of those people (so a count, a daily list and an
 * enhancement count agree). Whether a question is answered at once, slowly or not at all is a pure
 * function of the seed, the question and how many times it was asked before (every question is
 * recorded in `sandbox_vendor_requests`), so a failure's retry is another draw and a test or a demo
 * that asks the same things sees the same outcomes.
 */
export function createSandboxDataVendor(options: SandboxDataVendorOptions): DataVendor {
  const { db, seed } = options;
  const slowShare = options.slowShare ?? SANDBOX_VENDOR_DEFAULTS.slowShare;
  const failureShare = options.failureShare ?? SANDBOX_VENDOR_DEFAULTS.failureShare;
  const slowSeconds = options.slowSeconds ?? SANDBOX_VENDOR_DEFAULTS.slowSeconds;
  for (const [name, share] of [
    ['slow', slowShare],
    ['failure', failureShare],
  ] as const)
    if (!(share >= 0 && share <= 1))
      throw new Error(`the sandbox vendor's ${name} share must be from 0 to 1`);
  if (slowShare + failureShare > 1) throw new Error("the sandbox vendor's slow and failure shares exceed 1");
  if (!(slowSeconds >= 0 && slowSeconds <= 86_400))
    throw new Error("the sandbox vendor's slow answer time must be from 0 to 86,400 seconds");

  const drawFate = (draw: number): SandboxFate =>
    draw < Math.round(failureShare * BASIS)
      ? 'fail'
      : draw < Math.round((failureShare + slowShare) * BASIS)
        ? 'slow'
        : 'answer';

  /**
   * Records the question, then answers it at once, through a ticket, or fails, as its draw says.
   * The answer is computed when asked (what the vendor's data said then), kept with the ticket.
   */
  async function ask<T extends object>(
    kind: 'keyword' | 'enhancement',
    fingerprint: string,
    compute: () => Promise<T>,
  ): Promise<VendorAnswer<T>> {
    const [row] = await queryRows<{ id: number; before: number }>(
      db,
      sql`insert into sandbox_vendor_requests (fingerprint, kind, ready_at)
          values (${fingerprint}, ${kind}, now())
          returning id, (select count(*)::int from sandbox_vendor_requests r
                          where r.fingerprint = ${fingerprint}) as before`,
    );
    if (!row) throw new Error('the sandbox vendor did not record the question');
    const fate = options.decide
      ? options.decide({ kind, fingerprint, attempt: row.before })
      : drawFate(hash32(`${seed}|vendor|${fingerprint}|${row.before}`) % BASIS);
    if (fate === 'fail') {
      await db.execute(sql`update sandbox_vendor_requests set failed = true where id = ${row.id}`);
      throw new DataVendorUnavailable();
    }
    const answer = await compute();
    if (fate === 'slow') {
      const ticket = `sbx_${randomUUID()}`;
      await db.execute(
        sql`update sandbox_vendor_requests
               set ticket = ${ticket}, answer = ${JSON.stringify(answer)}::jsonb,
                   ready_at = now() + make_interval(secs => ${slowSeconds})
             where id = ${row.id}`,
      );
      return { status: 'waiting', ticket, retryAfterSeconds: Math.max(1, slowSeconds) };
    }
    await db.execute(
      sql`update sandbox_vendor_requests set answer = ${JSON.stringify(answer)}::jsonb where id = ${row.id}`,
    );
    return { status: 'answered', answer };
  }

  async function collect<T>(kind: 'keyword' | 'enhancement', ticket: string): Promise<VendorAnswer<T>> {
    const [row] = await queryRows<{ answer: T; wait: number }>(
      db,
      sql`select answer, greatest(0, ceil(extract(epoch from ready_at - now())))::int as wait
            from sandbox_vendor_requests where ticket = ${ticket} and kind = ${kind}`,
    );
    if (!row) throw new IdentityRequestError('The ticket is not one this vendor gave.', 'ticket');
    if (row.wait > 0) return { status: 'waiting', ticket, retryAfterSeconds: row.wait };
    return { status: 'answered', answer: row.answer };
  }

  return {
    name: 'sandbox',
    apiVersion: 'sandbox-1',
    lookbackDays: 7,

    async countKeyword(request: KeywordCountRequest) {
      const keyword = checkKeyword(request.keyword, 'keyword');
      const geography = checkGeography(request.geography);
      const b2b = sellsBusinessLeads(request.module);
      const fingerprint = JSON.stringify(['keyword', request.module, keyword, geography]);
      return ask<KeywordCountAnswer>('keyword', fingerprint, async () => {
        await options.ensureSeeded();
        const nationwide = { national: true, states: [], cities: [], zips: [] };
        const countWithoutGeo = await countAudience(db, { b2b, keywords: [keyword], geography: nationwide });
        const count = geography.national
          ? countWithoutGeo
          : await countAudience(db, { b2b, keywords: [keyword], geography });
        return { count, countWithoutGeo };
      });
    },

    async countEnhancement(request: EnhancementCountRequest) {
      const keywords = [...new Set(request.keywords.map((k) => checkKeyword(k)))].sort();
      const geography = checkGeography(request.geography);
      const fields = checkFields(request.module, request.fields);
      const b2b = sellsBusinessLeads(request.module);
      const fingerprint = JSON.stringify(['enhancement', request.module, keywords, geography, fields]);
      return ask<EnhancementCountAnswer>('enhancement', fingerprint, async () => {
        await options.ensureSeeded();
        const people = await audienceFacts(db, { b2b, keywords, geography });
        const counts: Record<string, number> = Object.fromEntries(fields.map((f) => [f, 0]));
        for (const person of people)
          for (const field of fields)
            if (advancedValue(seed, person, field as AdvancedInformationId) !== null)
              counts[field] = (counts[field] ?? 0) + 1;
        return { audience: people.length, fields: counts };
      });
    },

    collectKeywordCount: (ticket) => collect<KeywordCountAnswer>('keyword', ticket),
    collectEnhancementCount: (ticket) => collect<EnhancementCountAnswer>('enhancement', ticket),

    async zipsOf(place) {
      const state = normalizeState(place.state);
      if (!state) throw new IdentityRequestError(`Unknown state: ${place.state}`, 'state');
      await options.ensureSeeded();
      return zipsIn(db, {
        state,
        ...(place.city !== undefined ? { cityKey: normalizePlace(place.city) } : {}),
      });
    },
  };
}
