import { createHash } from 'node:crypto';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll } from 'vitest';
import { retryPolicy } from '../../src/lib/retry-policy.js';
import { startTestRuntime, type TestRuntime } from '../harness.js';
import { bearer, send, signIn } from '../sign-in.js';
import { demoClient } from './campaigns.js';

/*
 * The integrations' API tests on one footing: a runtime with the worker off (each test drains the
 * delivery engine itself) and retries a few milliseconds apart, Harbor Dental's contact signed in;
 * leads stored through the lead engine for a campaign, the engine drained until the campaign's
 * deliveries are delivered or failed, and what a provider's sandbox keeps.
 */

type IntegrationSettings = NonNullable<NonNullable<Parameters<typeof startTestRuntime>[0]>['integrations']>;

export interface IntegrationsRuntimeOptions {
  /** Over the defaults (the engine polling every 20 ms; three attempts 1 to 4 ms apart). */
  integrations?: IntegrationSettings;
  /**
   * More settings as environment variables (a real adapter's base URLs), read as the runtime starts:
   * after the file's own earlier `beforeAll` (hooks run in order), which starts its fakes.
   */
  env?: () => Record<string, string>;
  /** Who signs in: Harbor Dental's contact unless said. */
  user?: string;
}

/** Starts the runtime before the file's tests and closes it after them: `rt`, `harbor`, `token` are set once started. */
export function useIntegrationsRuntime(options: IntegrationsRuntimeOptions = {}) {
  const kit = {
    rt: undefined as unknown as TestRuntime,
    harbor: { clientId: 0, agencyId: 0, systemId: 0 },
    token: '',
  };
  beforeAll(async () => {
    kit.rt = await startTestRuntime(
      {
        integrations: {
          engine: { idlePollMs: 20 },
          retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 }),
          ...options.integrations,
        },
      },
      { IN_PROCESS_WORKER: 'false', ...options.env?.() },
    );
    kit.harbor = await demoClient(kit.rt.database.db);
    const user = options.user ?? DEMO.northwind.clients[0]?.contact.email ?? '';
    kit.token = (await signIn(kit.rt, user)).access_token;
  });
  afterAll(() => kit.rt?.close());
  return Object.assign(kit, {
    /** A GET as the signed-in user (or the bearer of `token`). */
    get: (url: string, token = kit.token) => kit.rt.app.inject({ url, headers: bearer(token) }),
    /** A POST in the dt envelope, as the signed-in user (or the bearer of `token`). */
    post: (url: string, body: unknown, token = kit.token) => send(kit.rt, url, body, { token }),
    /** The generic save of a company's integration (Harbor's unless said). */
    connect: (slug: string, settings: Record<string, unknown>, companyId = kit.harbor.clientId) =>
      send(kit.rt, '/api/saveintegration', { company_id: companyId, slug, settings }, { token: kit.token }),
  });
}

export interface Person {
  firstName?: string;
  lastName?: string;
  /** Unique per lead unless given: `<last name>.<pid>.<n>@example.com`. */
  email?: string;
  /** The lead's e-mails: `[email]` unless given. */
  emails?: string[];
  phones?: string[];
  address?: { street: string; city: string; state: string; zip: string } | null;
}

/** The person a lead is unless the test says (a test that checks a field passes it). */
const LEE = {
  firstName: 'Lee',
  lastName: 'Lead',
  phones: ['303-555-0100'],
  address: { street: '1 Lead Ln', city: 'Denver', state: 'CO', zip: '80202' },
};

let people = 0;
/** `count` leads of the campaign, in one intake insert, stored through the lead engine: their e-mails. */
export async function ingestLeads(rt: TestRuntime, campaignId: number, count: number, person: Person = {}) {
  const { email: given, emails, ...fields } = { ...LEE, ...person };
  const leads = Array.from({ length: count }, () => {
    const n = ++people;
    const email = given ?? `${fields.lastName.toLowerCase()}.${process.pid}.${n}@example.com`;
    const payload = {
      id: `lead-${process.pid}-${n}`,
      emailMd5: createHash('md5').update(email).digest('hex'),
      emails: emails ?? [email],
      ...fields,
    };
    return { email, row: { campaignId, source: 'vendor_callback' as const, payload } };
  });
  await rt.services.leads.intake.insert(leads.map((l) => l.row));
  while (await rt.services.leads.ingest.processNextBatch(500)) {}
  return leads.map((l) => l.email);
}

/** One lead of the campaign stored through the lead engine: its e-mail. */
export async function ingestLead(rt: TestRuntime, campaignId: number, person: Person = {}) {
  const [email] = await ingestLeads(rt, campaignId, 1, person);
  return email as string;
}

export interface Delivery {
  id: number;
  /** The connection's company. */
  company_id: number;
  status: string;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  /** The last attempt's request, as the console shows it. */
  request: string | null;
}

/** The campaign's deliveries (a test payload's when null), to one provider when given, oldest first. */
export const deliveriesOf = (rt: TestRuntime, campaignId: number | null, provider?: string) =>
  queryRows<Delivery>(
    rt.database.db,
    sql`select d.id, k.company_id, d.status, d.attempts, d.last_status, d.last_error,
               (select a.request from integration_delivery_attempts a
                 where a.delivery_id = d.id order by a.id desc limit 1) as request
          from integration_deliveries d join integration_connections k on k.id = d.connection_id
         where ${campaignId === null ? sql`d.campaign_id is null` : sql`d.campaign_id = ${campaignId}`}
           ${provider ? sql`and k.provider = ${provider}` : sql``}
         order by d.id`,
  );

/** Drains the engine until `done` holds (retries come due a few milliseconds later); throws after 20 s. */
export async function deliverUntil(rt: TestRuntime, done: () => Promise<boolean>) {
  const until = Date.now() + 20_000;
  for (;;) {
    await rt.services.integrations.engine.drain();
    if (await done()) return;
    if (Date.now() > until) throw new Error('deliveries did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The campaign's deliveries once each is delivered or failed (the engine drained until then). */
export async function deliverAll(rt: TestRuntime, campaignId: number | null, provider?: string) {
  let rows: Delivery[] = [];
  await deliverUntil(rt, async () => {
    rows = await deliveriesOf(rt, campaignId, provider);
    return rows.every((r) => r.status === 'delivered' || r.status === 'failed');
  });
  return rows;
}

/** What a provider's sandbox keeps of one kind (contacts, tags, leads…), oldest first. */
export const sandboxRecords = <T = Record<string, unknown>>(
  rt: TestRuntime,
  provider: string,
  kind: string,
) =>
  queryRows<{ data: T }>(
    rt.database.db,
    sql`select data from sandbox_integration_records where provider = ${provider} and kind = ${kind} order by id`,
  );
