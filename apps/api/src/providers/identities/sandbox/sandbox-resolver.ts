import type { Database } from '@app/db';
import { type CheckedListRequest, checkListRequest, checkVisitor } from '../requests.js';
import {
  type Identity,
  IdentityRequestError,
  type IdentityResolver,
  type ListPage,
  type ListRequest,
  MAX_VISITORS_PER_CALL,
  type VisitorAnswer,
  type VisitorInput,
  type VisitorResolution,
} from '../resolver.js';
import { advancedValues } from './advanced-values.js';
import { hash32 } from './hashing.js';
import {
  ensurePeople,
  matchingPeople,
  type PersonRow,
  peopleByOrdinals,
  type SeedOutcome,
} from './sandbox-people.js';

export interface SandboxResolverOptions {
  db: Database;
  /** What the people are generated from (default `leadorbit-sandbox`). */
  seed?: string;
  /** How many people (default 50,000). */
  people?: number;
  /** Share of visitors resolved, 0 to 1 (default 0.4). */
  matchRate?: number;
}

export interface SandboxIdentityResolver extends IdentityResolver {
  readonly seed: string;
  readonly people: number;
  readonly matchRate: number;
  /** Generates the people unless the stored set already is this seed's (safe to call at every start). */
  ensureSeeded(): Promise<SeedOutcome>;
}

export const SANDBOX_DEFAULTS = { seed: 'leadorbit-sandbox', people: 50_000, matchRate: 0.4 } as const;
/** Match decisions in basis points: 0.4 → 4,000 of 10,000 visitor hashes resolve. */
const BASIS = 10_000;

type SandboxSettings = { seed: string; people: number; matchRate: number };

/** The person a visitor lands on (an ordinal), or null when the visitor does not resolve. */
export function sandboxPersonOf(s: SandboxSettings, visitorKey: string): number | null {
  return hash32(`${s.seed}|match|${visitorKey}`) % BASIS >= Math.round(s.matchRate * BASIS)
    ? null
    : (hash32(`${s.seed}|person|${visitorKey}`) % s.people) + 1;
}

/**
 * The demo's regular visitors (decision 0092): the first `count` visitor keys
 * `demo-regular-visitor-N` that resolve, with the person each lands on. The visitor simulator sends
 * some views from them, so people the demo's sample exclusion list holds keep visiting.
 */
export function sandboxRegularVisitors(
  s: SandboxSettings,
  count: number,
): { visitorKey: string; personId: number }[] {
  const found: { visitorKey: string; personId: number }[] = [];
  for (let n = 1; found.length < count && n <= count * 1000; n++) {
    const visitorKey = `demo-regular-visitor-${n}`;
    const personId = sandboxPersonOf(s, visitorKey);
    if (personId !== null) found.push({ visitorKey, personId });
  }
  return found;
}

/**
 * The default identity resolver (decision 0038): a real implementation over its own table of
 * synthetic people. A visitor's fate is a pure function of the seed and the visitor key, so the
 * same visitor always gets the same answer, `matchRate` of visitors resolve, and visitors who land
 * on the same person give the lead engine its repeats.
 */
export function createSandboxResolver(options: SandboxResolverOptions): SandboxIdentityResolver {
  const { db } = options;
  const seed = options.seed ?? SANDBOX_DEFAULTS.seed;
  const people = options.people ?? SANDBOX_DEFAULTS.people;
  const matchRate = options.matchRate ?? SANDBOX_DEFAULTS.matchRate;
  if (!seed) throw new Error('the sandbox identity seed must not be empty');
  if (!Number.isInteger(people) || people < 1 || people > 10_000_000)
    throw new Error('the sandbox identity count must be a whole number from 1 to 10,000,000');
  if (!(matchRate >= 0 && matchRate <= 1)) throw new Error('the sandbox match rate must be from 0 to 1');

  let seeding: Promise<SeedOutcome> | null = null;
  const ensureSeeded = () => {
    seeding ??= ensurePeople(db, seed, people).catch((err) => {
      seeding = null; // a failed start may be retried
      throw err;
    });
    return seeding;
  };

  const personOf = (visitorKey: string) => sandboxPersonOf({ seed, people, matchRate }, visitorKey);

  /** Every visit checked on its own; the people of all the resolved ones read in one query. */
  async function resolveVisitors(visits: readonly VisitorInput[]): Promise<VisitorAnswer[]> {
    if (visits.length > MAX_VISITORS_PER_CALL)
      throw new IdentityRequestError(
        `At most ${MAX_VISITORS_PER_CALL.toLocaleString('en-US')} visits per call.`,
        'visits',
      );
    const fates = visits.map((visit): number | null | IdentityRequestError => {
      try {
        return personOf(checkVisitor(visit).visitorKey);
      } catch (err) {
        if (err instanceof IdentityRequestError) return err;
        throw err;
      }
    });
    const ordinals = [...new Set(fates.filter((f): f is number => typeof f === 'number'))];
    const found = new Map<number, PersonRow>();
    if (ordinals.length > 0) {
      await ensureSeeded();
      for (const row of await peopleByOrdinals(db, ordinals)) found.set(row.id, row);
    }
    return fates.map((fate): VisitorAnswer => {
      if (fate === null) return { status: 'unknown' };
      if (fate instanceof IdentityRequestError) return { status: 'refused', error: fate };
      const row = found.get(fate);
      if (!row) throw new Error('sandbox identities are missing a person: the set is incomplete');
      return { status: 'resolved', identity: identityOf(row, seed, []) };
    });
  }

  return {
    name: 'sandbox',
    seed,
    people,
    matchRate,
    ensureSeeded,

    async resolveVisitor(visit: VisitorInput): Promise<VisitorResolution> {
      const [answer] = await resolveVisitors([visit]);
      if (!answer) throw new Error('the sandbox resolver gave no answer');
      if (answer.status === 'refused') throw answer.error;
      return answer;
    },

    resolveVisitors,

    async lookupList(request: ListRequest): Promise<ListPage> {
      const checked = checkListRequest(request);
      await ensureSeeded();
      const fingerprint = fingerprintOf(checked);
      const position = checked.cursor
        ? readCursor(checked.cursor, fingerprint)
        : { phase: 0, after: 0, served: 0 };
      // Each day (and each request) the walk starts at another person and wraps around: phase 0
      // covers ordinals [start, people], phase 1 covers [1, start).
      const start = (hash32(`${seed}|list|${checked.day}|${fingerprint}`) % people) + 1;
      const want = Math.min(checked.pageSize, checked.limit - position.served);
      if (want <= 0) return { identities: [], nextCursor: null };
      const rows: PersonRow[] = [];
      let { phase, after } = position;
      // One more than wanted tells whether another page exists.
      while (phase <= 1 && rows.length < want + 1) {
        const lower = phase === 0 ? Math.max(after, start - 1) : after;
        const below = phase === 0 ? people + 1 : start;
        const found = await matchingPeople(db, checked, {
          after: lower,
          below,
          count: want + 1 - rows.length,
        });
        rows.push(...found);
        if (rows.length < want + 1) {
          phase += 1;
          after = 0;
        }
      }
      const page = rows.slice(0, want);
      const served = position.served + page.length;
      const more = rows.length > want && served < checked.limit;
      const last = page[page.length - 1];
      const lastPhase = last && last.id >= start ? 0 : 1;
      return {
        identities: page.map((row) => identityOf(row, seed, checked.fields)),
        nextCursor:
          more && last ? writeCursor({ fingerprint, phase: lastPhase, after: last.id, served }) : null,
      };
    },
  };
}

/** A stored person as the port gives them, with the advanced information asked for (if any). */
function identityOf(row: PersonRow, seed: string, fields: readonly string[]): Identity {
  return {
    ...(fields.length > 0 ? { advanced: advancedValues(seed, row, fields) } : {}),
    id: row.identityId,
    source: 'sandbox',
    emailMd5: row.emailMd5,
    firstName: row.firstName,
    lastName: row.lastName,
    emails: row.emails,
    phones: row.phones,
    address: row.state ? { street: row.street, city: row.city, state: row.state, zip: row.zip } : null,
    company:
      row.companyName && row.jobTitle && row.industry && row.companySize
        ? { name: row.companyName, title: row.jobTitle, industry: row.industry, size: row.companySize }
        : null,
  };
}

/** What makes two requests the same list (page size aside): a cursor only continues its own list. */
const fingerprintOf = (r: CheckedListRequest) =>
  hash32(
    JSON.stringify([r.module, r.keywords, r.national, r.states, r.cities, r.zips, r.limit, r.day]),
  ).toString(36);

interface CursorState {
  fingerprint: string;
  phase: number;
  after: number;
  served: number;
}

const writeCursor = (c: CursorState) =>
  Buffer.from(JSON.stringify([c.fingerprint, c.phase, c.after, c.served])).toString('base64url');

function readCursor(cursor: string, fingerprint: string): Omit<CursorState, 'fingerprint'> {
  let parts: unknown[] | null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    parts = Array.isArray(parsed) ? parsed : null;
  } catch {
    parts = null;
  }
  const valid =
    parts !== null &&
    parts.length === 4 &&
    typeof parts[0] === 'string' &&
    (parts[1] === 0 || parts[1] === 1) &&
    Number.isInteger(parts[2]) &&
    (parts[2] as number) >= 0 &&
    Number.isInteger(parts[3]) &&
    (parts[3] as number) >= 0;
  if (!valid || parts === null)
    throw new IdentityRequestError('The cursor is not one this resolver gave.', 'cursor');
  if (parts[0] !== fingerprint)
    throw new IdentityRequestError('The cursor belongs to another list request.', 'cursor');
  return { phase: parts[1] as number, after: parts[2] as number, served: parts[3] as number };
}
