import {
  ACTIVATION_NO_CARD,
  CAMPAIGN_NAME_REQUIRED,
  CLIENT_ADD_CAMPAIGN_DISABLED,
  costModuleRequestSchema,
  createCampaignRequestSchema,
  END_BEFORE_START,
  MODULE_CATALOGUE,
  MODULE_NOT_ENABLED,
  TIMEZONE_INVALID,
} from '@app/contracts';
import {
  betaTesters,
  billingSchedules,
  campaignMoves,
  campaigns,
  companies,
  companyModules,
  DEMO,
  eq,
  sql,
  userLogs,
} from '@app/db';
import type { CampaignEvent, CampaignState } from '@app/lead-engine';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { companyByName, PEOPLE, put, type Who, who } from '../../../test/kits/users.js';
import { HttpError } from '../../http-errors.js';
import { createModuleAccess, type Principal } from '../tenancy/index.js';
import {
  type ActivationDone,
  type CampaignActivation,
  type CampaignRecord,
  createCampaignsModule,
  NOT_ACTIVATABLE,
} from './index.js';

/*
 * The seams another kind of campaign uses (decision 0111): an ad-platform campaign's row made by
 * the same checks as a lead campaign's, its activation charged by the strategy its module
 * registers (none: 409), and every committed move told to the listeners, which cannot undo it.
 * The campaigns module is built here over the test runtime's database and services, so the
 * strategy and the listeners are this file's own.
 */

let rt: TestRuntime;
let owner: Who;
let client: Who;
let harbor: number;
let otherClient: number;
let campaigns$: ReturnType<typeof createCampaignsModule>;
const warnings: { message: string; detail: unknown }[] = [];
const SIMPLIFI = MODULE_CATALOGUE.simplifi.beta.featureId;

const principalOf = (by: Who): Promise<Principal> =>
  rt.services.identity.authenticate({
    headers: { authorization: `Bearer ${by.token}` },
  } as FastifyRequest);

beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false' });
  owner = await who(rt, PEOPLE.northwind);
  client = await who(rt, PEOPLE.client);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  otherClient = (await companyByName(rt, DEMO.northwind.clients[1].name)).id;
  const { db } = rt.database;
  const northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  // Harbor Dental may run the ad platform: switched on for it, Northwind a tester that accepted.
  await db
    .insert(companyModules)
    .values({ companyId: harbor, module: 'simplifi', enabled: true })
    .onConflictDoUpdate({
      target: [companyModules.companyId, companyModules.module],
      set: { enabled: true },
    });
  await db.insert(betaTesters).values({ featureId: SIMPLIFI, companyId: northwind }).onConflictDoNothing();
  const accepted = await put(
    rt,
    `/marketing-services-agreement-feature/${owner.id}/${SIMPLIFI}`,
    {
      feature_id: SIMPLIFI,
      feature_name: 'Simplifi ID',
      user_id: owner.id,
      is_marketing_services_agreement_feature: 'T',
      company_name: DEMO.northwind.name,
      company_id: northwind,
    },
    owner.token,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  campaigns$ = createCampaignsModule({
    db,
    chargeOnce: rt.services.payments.chargeOnce,
    failures: rt.services.payments.failures,
    audit: rt.services.audit,
    embedCode: rt.services.embed.embedCode,
    adPlatform: rt.services.adPlatform,
    moduleAccess: createModuleAccess(db),
    billing: {
      prepaid: rt.services.billing.prepaid,
      schedules: rt.services.billing.schedules,
      wallet: rt.services.billing.agencyWallet,
      rootFees: {
        keepActivation: async () => {
          throw new Error('an ad campaign owes no root fee of an activation');
        },
      },
    },
    // The runtime's own campaigns module completes activations paid by a charge's follow-up.
    followUps: { register: () => undefined },
    log: (message, detail) => warnings.push({ message, detail }),
  });
});
afterAll(() => rt?.close());

const count = async () =>
  (await rt.database.db.select({ n: sql<number>`count(*)::int` }).from(campaigns))[0]?.n;
const movesOf = (id: number) =>
  rt.database.db.select().from(campaignMoves).where(eq(campaignMoves.campaignId, id));
const rowOf = async (id: number) =>
  (await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id)))[0];
const adRow = (extra: Partial<Parameters<typeof campaigns$.service.createRow>[1]> = {}) => ({
  clientId: harbor,
  module: 'simplifi' as const,
  name: `Display ${Math.random().toString(36).slice(2, 8)}`,
  startDate: '2026-06-01',
  endDate: '2026-06-30',
  timeZone: 'America/Chicago',
  ...extra,
});

async function refusal(work: Promise<unknown>): Promise<HttpError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return error;
}

describe('createRow: an ad-platform campaign passes the checks of every campaign', () => {
  it('refuses bad input with the field and changes nothing', async () => {
    const by = await principalOf(owner);
    const before = await count();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ name: '  ' }, 400, CAMPAIGN_NAME_REQUIRED],
      [{ timeZone: 'Mars/Base' }, 400, TIMEZONE_INVALID],
      [{ startDate: '2026-07-02', endDate: '2026-07-01' }, 400, END_BEFORE_START],
      [{ startDate: '2026-02-30' }, 400, ''],
      // A lead module's campaign is made by `create`, with its targeting checked.
      [{ module: 'locator' }, 400, ''],
      // The module is not switched on for this client.
      [{ clientId: otherClient }, 400, MODULE_NOT_ENABLED],
      // An agency is no client; an unknown company is not found.
      [{ clientId: owner.company }, 400, ''],
      [{ clientId: 2_000_000_000 }, 404, ''],
    ];
    for (const [extra, status, message] of cases) {
      const error = await refusal(campaigns$.service.createRow(by, adRow(extra as never), '10.8.0.1'));
      expect(error.statusCode, JSON.stringify(extra)).toBe(status);
      if (message) expect(error.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it("refuses a client whose campaign creation is switched off, as the lead modules' create does", async () => {
    await rt.database.db
      .update(companies)
      .set({ disableClientAddCampaign: true })
      .where(eq(companies.id, harbor));
    try {
      const error = await refusal(campaigns$.service.createRow(await principalOf(client), adRow(), 'ip'));
      expect(error.statusCode).toBe(403);
      expect(error.message).toBe(CLIENT_ADD_CAMPAIGN_DISABLED);
    } finally {
      await rt.database.db
        .update(companies)
        .set({ disableClientAddCampaign: false })
        .where(eq(companies.id, harbor));
    }
  });

  it('makes a stopped Simplifi campaign of the client and its agency, logged', async () => {
    const made = await campaigns$.service.createRow(await principalOf(owner), adRow(), '10.8.0.7');
    expect(made).toMatchObject({
      module: 'simplifi',
      clientId: harbor,
      agencyId: owner.company,
      status: 'stopped',
      activatedAt: null,
      startDate: '2026-06-01',
      endDate: '2026-06-30',
    });
    expect(made.publicId).toMatch(/^[1-9]\d{7}$/);
    const logs = await rt.database.db.select().from(userLogs).where(eq(userLogs.action, 'campaign_created'));
    expect(logs.some((l) => l.description === `Campaign created: ${made.name} (#${made.publicId})`)).toBe(
      true,
    );
  });
});

describe('the activation of a kind and the move listeners', () => {
  let ad: CampaignRecord;
  const charged: { campaignId: number; clientId: number; activation: number; userId: number | null }[] = [];
  const heard: { id: number; from: CampaignState; to: CampaignState; event: CampaignEvent }[] = [];

  beforeAll(async () => {
    ad = await campaigns$.service.createRow(await principalOf(owner), adRow(), 'ip');
  });

  it('answers 409 when no activation is registered for the kind, and nothing moves', async () => {
    const error = await refusal(
      campaigns$.service.activePause(await principalOf(owner), ad.id, 'running', 'ip'),
    );
    expect(error.statusCode).toBe(409);
    expect(error.code).toBe('not_activatable');
    expect(error.message).toBe(NOT_ACTIVATABLE);
    expect(await movesOf(ad.id)).toHaveLength(0);
    expect((await rowOf(ad.id))?.status).toBe('stopped');
  });

  it("activates with the kind's charge, tells every listener, and a failing listener leaves the move standing", async () => {
    const activation: CampaignActivation = {
      async charge(record, ctx, activationNumber, userId) {
        charged.push({ campaignId: record.id, clientId: ctx.clientId, activation: activationNumber, userId });
        const done: ActivationDone = {
          campaignId: record.id,
          activation: activationNumber,
          userId,
          prepaid: null,
          rootFee: null,
        };
        return { answer: null, done };
      },
    };
    campaigns$.kinds.useActivation('simplifi', activation);
    expect(() => campaigns$.kinds.useActivation('simplifi', activation)).toThrow();
    expect(() => campaigns$.kinds.useActivation('leadspeek', activation)).toThrow();
    campaigns$.kinds.onMoved(async () => {
      throw new Error('the platform is down');
    });
    campaigns$.kinds.onMoved(async (record, from, to, event) => {
      heard.push({ id: record.id, from, to, event });
    });

    const by = await principalOf(owner);
    const started = await campaigns$.service.activePause(by, ad.id, 'running', 'ip');
    expect(started.data).toMatchObject({ status: 'running', charge: null });
    expect(charged).toEqual([{ campaignId: ad.id, clientId: harbor, activation: 1, userId: owner.id }]);
    const row = await rowOf(ad.id);
    expect(row?.status).toBe('running');
    expect(row?.activatedAt).not.toBeNull();
    // Its default Weekly term opens no lead billing schedule: an ad campaign's module bills its budgets.
    expect(
      await rt.database.db.select().from(billingSchedules).where(eq(billingSchedules.campaignId, ad.id)),
    ).toHaveLength(0);
    expect(heard).toEqual([
      {
        id: ad.id,
        from: expect.objectContaining({ status: 'stopped' }),
        to: expect.objectContaining({ status: 'running' }),
        event: { type: 'activate' },
      },
    ]);
    expect(warnings.filter((w) => w.message === 'campaign move listener failed')).toHaveLength(1);

    // A pause, a resume (no charge), the system's pause and a stop are heard too.
    await campaigns$.service.activePause(by, ad.id, 'paused', 'ip');
    await campaigns$.service.activePause(by, ad.id, 'running', 'ip');
    expect(
      await campaigns$.service.moveBySystem(ad.id, { type: 'pause_on_run', reason: 'payment_failed' }),
    ).toBe(true);
    await campaigns$.service.activePause(by, ad.id, 'stopped', 'ip');
    expect(heard.map((h) => `${h.event.type}:${h.to.status}`)).toEqual([
      'activate:running',
      'pause:paused',
      'resume:running',
      'pause_on_run:paused_on_run',
      'stop:stopped',
    ]);
    expect(charged).toHaveLength(1);

    // Activating again is activation 2 of the same kind's charge.
    await campaigns$.service.activePause(by, ad.id, 'running', 'ip');
    expect(charged.map((c) => c.activation)).toEqual([1, 2]);
    expect((await movesOf(ad.id)).map((m) => m.event)).toEqual([
      'activate',
      'pause',
      'resume',
      'pause_on_run',
      'stop',
      'activate',
    ]);
  });

  it("leaves a lead module's activation with the lead modules' charge", async () => {
    const lead = await campaigns$.service.create(
      await principalOf(owner),
      createCampaignRequestSchema.parse({
        leadspeekType: 'local',
        clientID: harbor,
        campaignName: 'Lead beside ads',
        urlCode: 'https://harbordental.example/',
      }),
      'ip',
    );
    const before = charged.length;
    const priced = await campaigns$.service.costModule(
      await principalOf(owner),
      costModuleRequestSchema.parse({
        leadspeekID: lead.data.leadspeekID,
        PaymentTerm: 'OneTime',
        PlatformFee: '99',
        CostMonth: '0',
        CostSet: '1.50',
        LimitLead: 0,
        LimitLeadFreq: 'day',
      }),
      'ip',
    );
    expect(priced.result).toBe('success');
    // Harbor has no card on file: the lead modules' charge refuses with its own words, the test
    // strategy is not asked.
    const error = await refusal(
      campaigns$.service.activePause(await principalOf(owner), lead.data.leadspeekID, 'running', 'ip'),
    );
    expect(error.statusCode).toBe(402);
    expect(error.message).toBe(ACTIVATION_NO_CARD);
    expect(charged.length).toBe(before);
  });
});
