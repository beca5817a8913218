import { campaigns, DEMO, eq, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { saveCard } from '../../../test/kits/cards.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';
import {
  type AdPlatform,
  AdPlatformError,
  createSandboxAdPlatform,
} from '../../providers/ad-platform/index.js';
import { locatorMirrorJob } from './locator-mirror.js';

/*
 * Locator campaigns mirrored to the sandbox ad platform (decision 0051), on the real database: the
 * platform's state follows ours on create, on every edit and on every move; an outage leaves our
 * campaign moved and the retry job mirrors it later; a repeated or lost-and-retried mirror changes
 * the platform once. The in-process worker is off: the test runs the retry job itself.
 */

/**
 * The sandbox behind a switch: while `down`, every call fails as an outage would; while `refusing`,
 * every change is refused as the platform refuses targeting it cannot serve.
 */
const outage = { down: false, refusing: false, mutations: [] as string[] };
const MUTATIONS = new Set([
  'createCampaign',
  'updateCampaign',
  'activateCampaign',
  'pauseCampaign',
  'stopCampaign',
]);
function switchable(platform: AdPlatform): AdPlatform {
  return new Proxy(platform, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (outage.down) throw new Error('ad platform unreachable (test outage)');
        if (outage.refusing && MUTATIONS.has(String(prop)))
          throw new AdPlatformError(
            'invalid_request',
            'Keyword "tooth pain" is not allowed in this category.',
            'keywords',
          );
        if (MUTATIONS.has(String(prop))) outage.mutations.push(String(prop));
        return value.apply(target, args);
      };
    },
  });
}

let rt: TestRuntime;
let owner: Who;
let harbor: number;
let platform: AdPlatform;

beforeAll(async () => {
  rt = await startTestRuntime(
    {
      adPlatform: (db) => {
        platform = createSandboxAdPlatform({ db });
        return switchable(platform);
      },
    },
    { IN_PROCESS_WORKER: 'false' },
  );
  owner = await who(rt, PEOPLE.northwind);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  // The campaigns here are priced at 0: activating one charges the platform's part to the agency's
  // own card (decision 0065), so Northwind has one, as the demo's first start gives it.
  await saveCard(rt, owner, 'tok_visa');
});
afterAll(() => rt?.close());

const runMirrorJob = async () => {
  const handler = rt.handlers.find((h) => h.spec.name === locatorMirrorJob.name);
  if (!handler) throw new Error('the locator mirror job has no handler');
  await handler.handle({}, { retryCount: 0, isLastAttempt: true });
};

async function createLocator(extra: Record<string, unknown> = {}) {
  const res = await post(
    rt,
    '/leadspeek/client/create',
    {
      leadspeekType: 'locator',
      clientID: harbor,
      campaignName: `Emergency dentist ${Math.random().toString(36).slice(2, 8)}`,
      locatorkeyword: ['emergency dentist', 'tooth pain'],
      locatorzip: '78701, 78702',
      locatorcity: ['Austin, TX'],
      ...extra,
    },
    owner.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    leadspeekID: number;
    leadspeek_api_id: string;
    ad_platform_campaign_id: string;
  };
}

const ourRow = async (id: number) =>
  (
    await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id))
  )[0] as typeof campaigns.$inferSelect;
const mirrorRow = async (id: number) =>
  (
    await queryRows<{
      revision: number;
      mirrored_revision: number;
      attempts: number;
      last_error: string | null;
    }>(
      rt.database.db,
      sql`select revision, mirrored_revision, attempts, last_error from locator_mirrors where campaign_id = ${id}`,
    )
  )[0];
const platformOf = async (id: number) => {
  const adId = (await ourRow(id)).adPlatformCampaignId;
  if (!adId) throw new Error('not mirrored');
  const ad = await platform.getCampaign(adId);
  if (!ad) throw new Error('unknown at the platform');
  return ad;
};
/** The list row's and the detail's account of the mirror, as the campaign screens read them. */
const syncOf = async (id: number) => {
  const res = await get(rt, `/leadspeek/getcampaign/${id}`, owner.token);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { ad_platform_sync: string; ad_platform_note: string };
  return { sync: data.ad_platform_sync, note: data.ad_platform_note };
};
const move = (id: number, status: 'running' | 'paused' | 'stopped') =>
  put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status }, owner.token);

describe('mirroring on create and edit', () => {
  it('creates an organisation per client under its agency and a draft campaign with our targeting', async () => {
    const made = await createLocator();
    expect(made.ad_platform_campaign_id).toMatch(/^cmp_sbx/);
    const ad = await platformOf(made.leadspeekID);
    expect(ad).toMatchObject({
      reference: made.leadspeek_api_id,
      status: 'draft',
      keywords: ['emergency dentist', 'tooth pain'],
      geography: { national: false, zips: ['78701', '78702'], cities: [{ city: 'Austin', state: 'TX' }] },
      endDate: null,
    });
    const clientOrg = await platform.getOrganization(ad.organizationId);
    expect(clientOrg?.reference).toBe(String(harbor));
    const agencyOrg = await platform.getOrganization(clientOrg?.parentId ?? '');
    expect(agencyOrg?.reference).toBe(String((await companyByName(rt, DEMO.northwind.name)).id));
    expect(await mirrorRow(made.leadspeekID)).toMatchObject({ revision: 1, mirrored_revision: 1 });

    // A second campaign of the same client shares its organisation.
    const second = await createLocator();
    expect((await platformOf(second.leadspeekID)).organizationId).toBe(ad.organizationId);
  });

  it('mirrors keyword and geography edits', async () => {
    const made = await createLocator();
    const res = await put(
      rt,
      '/leadspeek/client/locator/update',
      {
        leadspeekID: made.leadspeekID,
        locatorkeyword: ['dental implants'],
        locatorstate: ['TX', 'OK'],
        locatorzip: '',
        locatorcity: [],
      },
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await platformOf(made.leadspeekID)).toMatchObject({
      keywords: ['dental implants'],
      geography: { national: false, states: ['TX', 'OK'], zips: [], cities: [] },
    });
    const national = await put(
      rt,
      '/leadspeek/client/locator/update',
      { leadspeekID: made.leadspeekID, nationaltargeting: 'T' },
      owner.token,
    );
    expect(national.statusCode).toBe(200);
    expect((await platformOf(made.leadspeekID)).geography.national).toBe(true);
  });
});

describe('mirroring every move', () => {
  it('follows activate, pause, resume, stop, archive, unarchive, restart and remove', async () => {
    const made = await createLocator();
    const id = made.leadspeekID;
    const archive = (status: 'T' | 'F') =>
      put(rt, '/leadspeek/client/archive', { lpuserid: id, status }, owner.token);
    const steps: [string, () => ReturnType<typeof move>, string, string][] = [
      ['activate', () => move(id, 'running'), 'running', 'active'],
      ['pause', () => move(id, 'paused'), 'paused', 'paused'],
      ['resume', () => move(id, 'running'), 'running', 'active'],
      // Our stop is not final (a campaign may be started again): the platform pauses it.
      ['stop', () => move(id, 'stopped'), 'stopped', 'paused'],
      ['archive', () => archive('T'), 'stopped', 'paused'],
      ['unarchive', () => archive('F'), 'stopped', 'paused'],
      ['restart', () => move(id, 'running'), 'running', 'active'],
      ['stop again', () => move(id, 'stopped'), 'stopped', 'paused'],
      // Removal is final here and there.
      [
        'remove',
        () => put(rt, '/leadspeek/client/remove', { leadspeekID: id }, owner.token),
        'stopped',
        'ended',
      ],
    ];
    for (const [step, call, ours, theirs] of steps) {
      const res = await call();
      expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
      expect((await ourRow(id)).status, step).toBe(ours);
      expect((await platformOf(id)).status, step).toBe(theirs);
      const mirror = await mirrorRow(id);
      expect(mirror?.mirrored_revision, step).toBe(mirror?.revision);
    }
    const history = (await platformOf(id)).history.map((h) => h.change);
    expect(history).toEqual([
      'created',
      'activated',
      'paused',
      'resumed',
      'paused',
      'resumed',
      'paused',
      'stopped',
    ]);
  });
});

describe('failures and repeats', () => {
  it('keeps our move when the platform is down, and the retry job mirrors it later', async () => {
    const made = await createLocator();
    const id = made.leadspeekID;
    expect((await move(id, 'running')).statusCode).toBe(200);
    outage.down = true;
    try {
      const paused = await move(id, 'paused');
      expect(paused.statusCode, paused.body).toBe(200);
      expect(paused.json().data.status).toBe('paused');
      // A job run while the platform is still down changes nothing but the attempt count.
      await rt.database.db.execute(
        sql`update locator_mirrors set next_attempt_at = now() where campaign_id = ${id}`,
      );
      await runMirrorJob();
    } finally {
      outage.down = false;
    }
    expect((await ourRow(id)).status).toBe('paused');
    expect((await platformOf(id)).status).toBe('active');
    const behind = await mirrorRow(id);
    expect(behind?.mirrored_revision).toBeLessThan(behind?.revision ?? 0);
    expect(behind?.attempts).toBe(2);
    expect(behind?.last_error).toMatch(/unreachable/);
    // The campaign says the platform is behind, without our outage's text.
    expect(await syncOf(id)).toEqual({
      sync: 'retrying',
      note: 'The ad platform is not answering; the changes are sent again automatically.',
    });

    // Not due yet (back-off): the job leaves it.
    await runMirrorJob();
    expect((await platformOf(id)).status).toBe('active');
    // Its time comes (moved by the row, not by waiting): the job mirrors it.
    await rt.database.db.execute(
      sql`update locator_mirrors set next_attempt_at = now() where campaign_id = ${id}`,
    );
    await runMirrorJob();
    expect((await platformOf(id)).status).toBe('paused');
    expect(await mirrorRow(id)).toMatchObject({ attempts: 0, last_error: null });
    expect((await mirrorRow(id))?.mirrored_revision).toBe((await mirrorRow(id))?.revision);
    expect(await syncOf(id)).toEqual({ sync: 'in_sync', note: '' });
  });

  it("a refusal is parked and shown with the platform's words until the campaign is edited", async () => {
    const made = await createLocator();
    const id = made.leadspeekID;
    outage.refusing = true;
    try {
      expect((await move(id, 'running')).statusCode).toBe(200);
    } finally {
      outage.refusing = false;
    }
    expect(await syncOf(id)).toEqual({
      sync: 'refused',
      note: 'The ad platform refused the campaign: Keyword "tooth pain" is not allowed in this category. Edit the campaign to try again.',
    });
    // Parked: the retry job leaves it, since the same call would be refused again.
    const before = outage.mutations.length;
    await runMirrorJob();
    expect(outage.mutations.length).toBe(before);
    expect((await syncOf(id)).sync).toBe('refused');
  });

  it('a campaign created while the platform is down is mirrored by the job', async () => {
    outage.down = true;
    let made: Awaited<ReturnType<typeof createLocator>>;
    try {
      made = await createLocator();
    } finally {
      outage.down = false;
    }
    expect(made.ad_platform_campaign_id).toBeNull();
    await rt.database.db.execute(
      sql`update locator_mirrors set next_attempt_at = now() where campaign_id = ${made.leadspeekID}`,
    );
    await runMirrorJob();
    expect((await platformOf(made.leadspeekID)).status).toBe('draft');
  });

  it('the same move twice is one change at the platform', async () => {
    const made = await createLocator();
    const id = made.leadspeekID;
    expect((await move(id, 'running')).statusCode).toBe(200);
    // Asked twice, the machine refuses the second; the platform saw one activation.
    expect((await move(id, 'running')).statusCode).toBe(409);
    // The mirror run twice at once for the same revision (a request and the job): one lease wins.
    await rt.database.db.execute(
      sql`update locator_mirrors set mirrored_revision = revision - 1, next_attempt_at = now() where campaign_id = ${id}`,
    );
    const before = outage.mutations.length;
    await Promise.all([runMirrorJob(), runMirrorJob()]);
    // Converged from the platform's state: it is active already, nothing is called again.
    expect(outage.mutations.length).toBe(before);
    expect((await platformOf(id)).history.map((h) => h.change)).toEqual(['created', 'activated']);
    expect((await mirrorRow(id))?.mirrored_revision).toBe((await mirrorRow(id))?.revision);
  });

  it('a call made but not recorded is not made twice: the retry reads the platform and converges', async () => {
    const made = await createLocator();
    const id = made.leadspeekID;
    expect((await move(id, 'running')).statusCode).toBe(200);
    const adId = (await ourRow(id)).adPlatformCampaignId as string;
    // Our pause commits with its intent (revision n); the platform call is made under the mirror's
    // key for n, but its result is never recorded (the process died between the two).
    await rt.database.db.execute(sql`update campaigns set status = 'paused' where id = ${id}`);
    await rt.database.db.execute(
      sql`update locator_mirrors set revision = revision + 1, next_attempt_at = now() where campaign_id = ${id}`,
    );
    const revision = (await mirrorRow(id))?.revision;
    await platform.pauseCampaign({
      idempotencyKey: `locator-mirror:${id}:${revision}:paused`,
      campaignId: adId,
    });
    await runMirrorJob();
    expect((await platformOf(id)).history.map((h) => h.change)).toEqual(['created', 'activated', 'paused']);
    expect((await mirrorRow(id))?.mirrored_revision).toBe(revision);
  });

  it('mirrors the demo locator campaigns made before mirroring (no mirror row yet)', async () => {
    const [hvac] = await queryRows<{ id: number }>(
      rt.database.db,
      sql`select id from campaigns where public_id = '40020003'`,
    );
    const id = hvac?.id as number;
    // An earlier job run in this file may have met the test outage (then it waits for its back-off,
    // which the row moves to now); either way the job mirrors it, running there as here.
    await rt.database.db.execute(
      sql`update locator_mirrors set next_attempt_at = now() where campaign_id = ${id}`,
    );
    await runMirrorJob();
    expect(await mirrorRow(id)).toMatchObject({ last_error: null });
    const ad = await platformOf(id);
    expect(ad).toMatchObject({ status: 'active', geography: { states: ['TX'] } });
    expect(ad.keywords).toEqual(['ac repair', 'furnace service', 'hvac contractor']);
  });
});
