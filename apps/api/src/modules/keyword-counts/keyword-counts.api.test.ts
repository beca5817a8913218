import {
  COUNT_ALREADY_PROCESSING,
  COUNT_NOT_FAILED,
  DATA_VENDOR_PREFIX,
  KEYWORD_COUNT_BUSY,
  KEYWORD_COUNT_PENDING,
  KEYWORDS_NOT_COUNTED,
  type KeywordCountRow,
  NO_KEYWORD_TARGETING,
} from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';
import { lastEmailIdTo, nextEmailTo } from '../../../test/sign-in.js';
import type { SandboxFate, SandboxQuestion } from '../../providers/identities/index.js';
import { COUNT_FROM_HISTORY, COUNT_QUEUED, KEYWORDS_APPLIED } from './index.js';

/*
 * Keyword counts on the real database and the in-process worker, against the sandbox data vendor
 * over 2,000 synthetic people (decision 0093). The vendor's fate for each question (answer at once,
 * answer slowly through a ticket, fail) is set per test through the sandbox's knob; its counts are
 * the real counts of the synthetic people, which the test reads from their table.
 */

/** Fates the vendor gives the next questions, in order; 'answer' once the list is empty. */
const fates: SandboxFate[] = [];
/** Fates for questions about one keyword (jobs of one request run in any order). */
const fatesOf = new Map<string, SandboxFate[]>();
const asked: SandboxQuestion[] = [];

let rt: TestRuntime;
let agency: Who;
let client: Who;
let summit: Who;
let harbor: number;
beforeAll(async () => {
  rt = await startTestRuntime({
    identities: { people: 2_000, seed: 'keyword-counts' },
    dataVendor: {
      slowSeconds: 2,
      decide: (question) => {
        asked.push(question);
        const [kind, , keyword] = JSON.parse(question.fingerprint) as [string, string, string];
        const own = kind === 'keyword' ? fatesOf.get(keyword) : undefined;
        return own?.shift() ?? fates.shift() ?? 'answer';
      },
    },
  });
  await rt.services.identityResolver.ensureSeeded();
  [agency, client, summit] = await Promise.all([
    who(rt, PEOPLE.northwind),
    who(rt, PEOPLE.client),
    who(rt, PEOPLE.summit),
  ]);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
});
afterAll(() => rt?.close());

const queue = (by: Who, body: Record<string, unknown>) =>
  post(rt, `${DATA_VENDOR_PREFIX}/queuecount`, { kind: 'keyword', module: 'enhance', ...body }, by.token);
const list = (by: Who, company: number, query = '') =>
  get(rt, `${DATA_VENDOR_PREFIX}/getcountcampaign/${company}?${query.replace(/^&/, '')}`, by.token);

/** The people of the synthetic set interested in a keyword: nationwide, or in some states. */
async function peopleWith(keyword: string, states?: string[]) {
  const [row] = await queryRows<{ n: number }>(
    rt.database.db,
    states
      ? sql`select count(*)::int as n from sandbox_identities
             where ${keyword} = any(keywords) and state = any(${`{${states.join(',')}}`}::text[])`
      : sql`select count(*)::int as n from sandbox_identities where ${keyword} = any(keywords)`,
  );
  return row?.n ?? 0;
}

/** A count row as the table answers it, once it is no longer pending (the job ran). */
async function settled(by: Who, company: number, id: number): Promise<KeywordCountRow> {
  let found: KeywordCountRow | undefined;
  await vi.waitFor(
    async () => {
      const page = (await list(by, company, '&PerPage=100')).json();
      found = page.data.find((r: KeywordCountRow) => r.id === id);
      expect(found).toBeDefined();
      expect(found?.status).not.toBe('pending');
    },
    { timeout: 15_000, interval: 100 },
  );
  return found as KeywordCountRow;
}

/** Queues keywords and answers their rows once settled. */
async function counted(by: Who, company: number, body: Record<string, unknown>) {
  const res = await queue(by, { company_id: company, ...body });
  expect(res.statusCode, res.body).toBe(200);
  const rows = res.json().data as KeywordCountRow[];
  return Promise.all(rows.map((r) => settled(by, company, r.id)));
}

describe('statuses (spec 2 §4)', () => {
  it('answers success with the people found in the place and nationwide, from the synthetic people', async () => {
    const [row] = await counted(agency, agency.company, {
      target_location: 'state',
      states: ['TX', 'CA'],
      keywords: ['Roof  Repair'],
    });
    // Written as typed, spaces tidied.
    expect(row).toMatchObject({
      keyword: 'Roof Repair',
      outcome: 'success',
      status: 'done',
      states: ['CA', 'TX'],
      from_history: false,
      retryable: false,
      message: '',
      api_version: 'sandbox-1',
    });
    expect(row?.count).toBe(await peopleWith('roof repair', ['CA', 'TX']));
    expect(row?.count_without_geo).toBe(await peopleWith('roof repair'));
    expect(row?.count).toBeGreaterThan(0);
    expect(row?.count_without_geo).toBeGreaterThan(row?.count ?? 0);
  });

  it('answers no result when nobody shows the interest', async () => {
    const [row] = await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['underwater basket weaving'],
    });
    expect(row).toMatchObject({ outcome: 'no_result', count: 0, count_without_geo: 0, status: 'done' });
  });

  it("fails with 'Server might be busy' when the vendor fails; a retry asks the vendor again", async () => {
    fates.push('fail');
    const [failed] = await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['golf'],
    });
    expect(failed).toMatchObject({
      outcome: 'failed',
      status: 'error',
      message: KEYWORD_COUNT_BUSY,
      retryable: true,
    });
    expect(failed?.count).toBeNull();

    const before = asked.length;
    const retried = await put(rt, `${DATA_VENDOR_PREFIX}/retrycount/${failed?.id}`, {}, agency.token);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({
      message: COUNT_QUEUED,
      data: { status: 'pending', retryable: false },
    });
    const after = await settled(agency, agency.company, failed?.id ?? 0);
    expect(after).toMatchObject({ outcome: 'success', count: await peopleWith('golf') });
    // The retry was a second question to the vendor about the same thing (not the history).
    expect(asked.length).toBe(before + 1);
    expect(asked.at(-1)?.attempt).toBe(1);

    // A done count is not retried.
    const again = await put(rt, `${DATA_VENDOR_PREFIX}/retrycount/${failed?.id}`, {}, agency.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(COUNT_NOT_FAILED);
  });

  it('keeps a slow count pending with the heavy-usage text, e-mails when done, and refuses a retry meanwhile', async () => {
    const mailBefore = await lastEmailIdTo(rt, PEOPLE.northwind);
    fatesOf.set('fishing', ['slow']);
    const res = await queue(agency, {
      company_id: agency.company,
      target_location: 'zip',
      zip_code: '73301, 78701 78702\n\n',
      keywords: ['fishing', 'hunting'],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [slow, quick] = res.json().data as KeywordCountRow[];
    expect(slow).toMatchObject({
      status: 'pending',
      zip_code: '73301\n78701\n78702',
      target_location: 'zip',
    });
    // Once the vendor said "later", the row says so.
    await vi.waitFor(
      async () => {
        const page = (await list(agency, agency.company, '&status=pending')).json();
        const row = page.data.find((r: KeywordCountRow) => r.id === slow?.id);
        expect(row?.message ?? '').toBe(KEYWORD_COUNT_PENDING);
        expect(page.pending).toBeGreaterThan(0);
      },
      { timeout: 10_000, interval: 50 },
    );
    const busy = await put(rt, `${DATA_VENDOR_PREFIX}/retrycount/${slow?.id}`, {}, agency.token);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(COUNT_ALREADY_PROCESSING);

    const done = await settled(agency, agency.company, slow?.id ?? 0);
    expect(done.outcome).toMatch(/success|no_result/);
    expect(done.message).toBe('');
    await settled(agency, agency.company, quick?.id ?? 0);
    const mail = await nextEmailTo(rt, PEOPLE.northwind, mailBefore);
    expect(mail.subject).toBe('Your keyword counts are complete');
    expect(mail.textBody).toContain('- fishing:');
    expect(mail.textBody).toContain('- hunting:');
    expect(mail.dedupeKey).toBe(`keyword-counts:${(await batchOf(slow?.id ?? 0)) ?? ''}`);
  });

  it('sends no e-mail for a request the vendor answered at once', async () => {
    const mailBefore = await lastEmailIdTo(rt, PEOPLE.northwind);
    await counted(agency, agency.company, { target_location: 'national', keywords: ['camping'] });
    const [mails] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from email_messages where to_address = ${PEOPLE.northwind} and id > ${mailBefore}`,
    );
    expect(mails?.n).toBe(0);
  });
});

async function batchOf(id: number) {
  const [row] = await queryRows<{ batch_id: string }>(
    rt.database.db,
    sql`select batch_id from keyword_counts where id = ${id}`,
  );
  return row?.batch_id;
}

describe('the 7-day history (spec 2 §9)', () => {
  it('answers a keyword counted this week in the same place and module from history, without the vendor', async () => {
    const [first] = await counted(agency, agency.company, {
      target_location: 'state',
      states: ['FL'],
      keywords: ['boating'],
    });
    const before = asked.length;
    // Another company of the system, the keyword written otherwise: the same question.
    const res = await queue(client, {
      company_id: client.company,
      target_location: 'state',
      states: ['FL'],
      keywords: ['  BOATING '],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(COUNT_FROM_HISTORY);
    expect(res.json().data[0]).toMatchObject({
      status: 'done',
      from_history: true,
      count: first?.count,
      count_without_geo: first?.count_without_geo,
      counted_at: first?.counted_at,
    });
    expect(asked.length).toBe(before);

    // Another place, another module: the vendor is asked.
    await counted(agency, agency.company, {
      target_location: 'state',
      states: ['GA'],
      keywords: ['boating'],
    });
    const b2bRows = await counted(agency, agency.company, {
      target_location: 'state',
      states: ['FL'],
      keywords: ['boating'],
      module: 'b2b',
    });
    expect(b2bRows[0]?.module).toBe('b2b');
    expect(asked.slice(before).map((q) => JSON.parse(q.fingerprint).slice(0, 2))).toEqual([
      ['keyword', 'enhance'],
      ['keyword', 'b2b'],
    ]);
  });

  it('asks the vendor again once the count is older than 7 days', async () => {
    const [old] = await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['cruises'],
    });
    await rt.database.db.execute(
      sql`update keyword_counts set counted_at = now() - interval '8 days' where id = ${old?.id}`,
    );
    const before = asked.length;
    const [fresh] = await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['cruises'],
    });
    expect(fresh?.from_history).toBe(false);
    expect(asked.length).toBe(before + 1);
  });
});

describe('the same count asked many times at once', () => {
  it('asks the vendor once for a keyword queued 30 times at once; every answer names the one row', async () => {
    // Slow, so that the count is still pending while the other 29 arrive.
    fatesOf.set('kayak rental', ['slow']);
    const questions = () =>
      asked.filter((q) => (JSON.parse(q.fingerprint) as unknown[])[2] === 'kayak rental').length;
    const before = questions();
    const body = {
      company_id: agency.company,
      target_location: 'state',
      states: ['FL'],
      keywords: ['kayak rental'],
    };
    const answers = await Promise.all(Array.from({ length: 30 }, () => queue(agency, body)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const ids = new Set(answers.map((res) => (res.json().data as KeywordCountRow[])[0]?.id));
    expect(ids.size).toBe(1);
    await settled(agency, agency.company, [...ids][0] ?? 0);
    expect(questions() - before).toBe(1);
    const [stored] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from keyword_counts where keyword_key = 'kayak rental'`,
    );
    expect(stored?.n).toBe(1);
    // Once counted, the same request is answered from history (a row of its own, no vendor).
    const again = await queue(agency, body);
    expect(again.json().message).toBe(COUNT_FROM_HISTORY);
  });

  it('keeps one pending data enhancement count per campaign and type', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      module: 'enhance',
      status: 'stopped',
      national: false,
      states: ['TX'],
      keywords: ['yoga'],
    });
    fates.push('slow');
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        post(
          rt,
          `${DATA_VENDOR_PREFIX}/queuecount`,
          { kind: 'enhancement', campaign_id: campaign.id, type: 'property' },
          agency.token,
        ),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(new Set(answers.map((res) => res.json().data.id)).size).toBe(1);
    const [stored] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from enhancement_counts where campaign_id = ${campaign.id}`,
    );
    expect(stored?.n).toBe(1);
  });
});

describe('the table: sort, filter, page (spec 2 §2)', () => {
  it('sorts by Historical Count both ways and filters by status', async () => {
    const ids = (
      await counted(agency, agency.company, {
        target_location: 'national',
        keywords: ['wine', 'coffee', 'nothing like this at all'],
      })
    ).map((r) => r.id);
    const asc = (
      await list(agency, agency.company, '&sortby=count_without_geo&order=asc&PerPage=100')
    ).json();
    const desc = (
      await list(agency, agency.company, '&sortby=count_without_geo&order=desc&PerPage=100')
    ).json();
    const values = (rows: KeywordCountRow[]) =>
      rows.map((r) => r.count_without_geo).filter((v) => v !== null);
    expect(values(asc.data)).toEqual([...values(asc.data)].sort((a, b) => (a ?? 0) - (b ?? 0)));
    expect(values(desc.data)).toEqual([...values(desc.data)].sort((a, b) => (b ?? 0) - (a ?? 0)));
    const noResult = (await list(agency, agency.company, '&status=no_result&PerPage=100')).json();
    expect(noResult.data.every((r: KeywordCountRow) => r.outcome === 'no_result')).toBe(true);
    expect(noResult.data.map((r: KeywordCountRow) => r.id)).toContain(ids[2]);
    const success = (await list(agency, agency.company, '&status=success&PerPage=100')).json();
    expect(success.total).toBe(success.data.length);
    expect(success.data.every((r: KeywordCountRow) => r.outcome === 'success')).toBe(true);
    const page2 = (await list(agency, agency.company, '&PerPage=2&Page=2')).json();
    expect(page2).toMatchObject({ current_page: 2, per_page: 2, from: 3, to: 4 });
  });

  it('refuses a bad form with the field at fault and changes nothing', async () => {
    const before = (await list(agency, agency.company)).json().total;
    const zip = await queue(agency, {
      company_id: agency.company,
      target_location: 'zip',
      zip_code: '7870',
      keywords: ['a'],
    });
    expect(zip.statusCode).toBe(400);
    const city = await queue(agency, {
      company_id: agency.company,
      target_location: 'state',
      states: ['TX'],
      cities: ['Miami, FL'],
      keywords: ['a'],
    });
    expect(city.statusCode).toBe(400);
    const root = await queue(agency, {
      company_id: agency.root,
      target_location: 'national',
      keywords: ['a'],
    });
    expect(root.statusCode).toBe(404);
    const local = await queue(agency, {
      company_id: agency.company,
      module: 'local',
      target_location: 'national',
      keywords: ['a'],
    });
    expect(local.statusCode).toBe(400);
    expect((await list(agency, agency.company)).json().total).toBe(before);
  });

  it('keeps counts for an agency or a client only', async () => {
    const root = await who(rt, PEOPLE.root);
    // The system user is not a campaign runner at all.
    expect(
      (await queue(root, { company_id: root.company, target_location: 'national', keywords: ['a'] }))
        .statusCode,
    ).toBe(404);
    // An agency counts for its clients too; the count is in the client's table.
    const res = await queue(agency, { company_id: harbor, target_location: 'national', keywords: ['yoga'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0].company_id).toBe(harbor);
  });
});

describe('applying counted keywords to a campaign', () => {
  it('adds keywords counted with a result to the list, through the campaign’s own update', async () => {
    await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['dog training', 'pets'],
    });
    const campaign = await insertCampaign(rt.database.db, {
      module: 'enhance',
      status: 'stopped',
      keywords: ['Pets'],
    });
    const res = await put(
      rt,
      `${DATA_VENDOR_PREFIX}/applycampaign/${campaign.id}/keyword`,
      { keywords: ['dog training', 'pets'] },
      agency.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: KEYWORDS_APPLIED,
      data: { added: ['dog training'], keywords: ['Pets', 'dog training'] },
    });
    const [row] = await queryRows<{ keywords: string[] }>(
      rt.database.db,
      sql`select keywords from campaigns where id = ${campaign.id}`,
    );
    expect(row?.keywords).toEqual(['Pets', 'dog training']);
    // The campaigns module logged its update.
    const [logged] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from user_logs where action = 'campaign_updated' and description like ${`%#${campaign.publicId}%`}`,
    );
    expect(logged?.n).toBe(1);

    const contextual = await put(
      rt,
      `${DATA_VENDOR_PREFIX}/applycampaign/${campaign.id}/contextual`,
      { keywords: ['pets'] },
      agency.token,
    );
    expect(contextual.json().data.keywords).toEqual(['pets']);
  });

  it('refuses keywords not counted, counted without a result, or a campaign without keywords', async () => {
    await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['no such interest here'],
    });
    const campaign = await insertCampaign(rt.database.db, { module: 'enhance', status: 'stopped' });
    for (const keywords of [['never counted'], ['no such interest here']]) {
      const res = await put(
        rt,
        `${DATA_VENDOR_PREFIX}/applycampaign/${campaign.id}/keyword`,
        { keywords },
        agency.token,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(`${KEYWORDS_NOT_COUNTED} ${keywords[0]}`);
    }
    const local = await insertCampaign(rt.database.db, { module: 'local', status: 'stopped' });
    const res = await put(
      rt,
      `${DATA_VENDOR_PREFIX}/applycampaign/${local.id}/keyword`,
      { keywords: ['pets'] },
      agency.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(NO_KEYWORD_TARGETING);
    const [row] = await queryRows<{ keywords: string[] }>(
      rt.database.db,
      sql`select keywords from campaigns where id = ${campaign.id}`,
    );
    expect(row?.keywords).toEqual([]);
  });
});

describe('who may', () => {
  it("answers 404 for another tenant's counts, count or campaign, and for a client outside its own", async () => {
    const [row] = await counted(agency, agency.company, {
      target_location: 'national',
      keywords: ['travel'],
    });
    expect((await list(summit, agency.company)).statusCode).toBe(404);
    expect((await list(client, agency.company)).statusCode).toBe(404);
    expect((await list(client, client.company)).statusCode).toBe(200);
    expect((await list(agency, harbor)).statusCode).toBe(200);
    expect((await put(rt, `${DATA_VENDOR_PREFIX}/retrycount/${row?.id}`, {}, summit.token)).statusCode).toBe(
      404,
    );
    expect((await put(rt, `${DATA_VENDOR_PREFIX}/retrycount/${row?.id}`, {}, client.token)).statusCode).toBe(
      404,
    );
    expect((await put(rt, `${DATA_VENDOR_PREFIX}/retrycount/99999999`, {}, agency.token)).statusCode).toBe(
      404,
    );
    expect(
      (await queue(summit, { company_id: agency.company, target_location: 'national', keywords: ['a'] }))
        .statusCode,
    ).toBe(404);
    const campaign = await insertCampaign(rt.database.db, { module: 'enhance', status: 'stopped' });
    const foreign = await put(
      rt,
      `${DATA_VENDOR_PREFIX}/applycampaign/${campaign.id}/keyword`,
      { keywords: ['travel'] },
      summit.token,
    );
    expect(foreign.statusCode).toBe(404);
    const sales = await who(rt, PEOPLE.sales);
    expect((await list(sales, agency.company)).statusCode).toBe(404);
  });

  it('gives the data vendor’s set-up of one’s own system only', async () => {
    const res = await get(rt, `${DATA_VENDOR_PREFIX}/configdata/${agency.root}`, agency.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      vendor: 'sandbox',
      sandbox: true,
      lookback_days: 7,
      busy_text: KEYWORD_COUNT_BUSY,
    });
    const other = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
    expect((await get(rt, `${DATA_VENDOR_PREFIX}/configdata/${agency.root}`, other.token)).statusCode).toBe(
      404,
    );
  });
});

describe('data enhancement counts (spec 2 §4)', () => {
  const history = (by: Who, campaign: number, type: string) =>
    get(rt, `${DATA_VENDOR_PREFIX}/getcountcampaignhistory/${campaign}/${type}`, by.token);

  it('counts the audience of an enhance campaign and how many carry each field of the type', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      module: 'enhance',
      status: 'stopped',
      national: false,
      states: ['TX'],
      keywords: ['fitness'],
    });
    const res = await post(
      rt,
      `${DATA_VENDOR_PREFIX}/queuecount`,
      { kind: 'enhancement', campaign_id: campaign.id, type: 'financial' },
      agency.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'pending', type: 'financial', leadspeekID: campaign.id });
    let rows: { outcome: string; audience: number; fields: { id: string; count: number }[] }[] = [];
    await vi.waitFor(
      async () => {
        rows = (await history(agency, campaign.id, 'financial')).json().data;
        expect(rows[0]?.outcome).not.toBe('pending');
      },
      { timeout: 15_000, interval: 100 },
    );
    const audience = await peopleWith('fitness', ['TX']);
    expect(rows[0]).toMatchObject({ outcome: audience > 0 ? 'success' : 'no_result', audience });
    expect(rows[0]?.fields.map((f) => f.id)).toEqual(['household_income', 'net_worth', 'credit_range']);
    for (const f of rows[0]?.fields ?? []) expect(f.count).toBeLessThanOrEqual(audience);
    // The whole history, and another type's (none yet).
    expect((await history(agency, campaign.id, 'all')).json().data).toHaveLength(1);
    expect((await history(agency, campaign.id, 'property')).json().data).toHaveLength(0);
    // The system's staff read it; a client (no configuration screens) and another agency do not.
    const root = await who(rt, PEOPLE.root);
    expect((await history(root, campaign.id, 'all')).statusCode).toBe(200);
    expect((await history(client, campaign.id, 'all')).statusCode).toBe(404);
    expect((await history(summit, campaign.id, 'all')).statusCode).toBe(404);
  });

  it('refuses a type the campaign’s leads cannot carry, a campaign of another module, and a failure shows busy', async () => {
    const enhance = await insertCampaign(rt.database.db, { module: 'enhance', status: 'stopped' });
    const wrongType = await post(
      rt,
      `${DATA_VENDOR_PREFIX}/queuecount`,
      { kind: 'enhancement', campaign_id: enhance.id, type: 'firmographics' },
      agency.token,
    );
    expect(wrongType.statusCode).toBe(400);
    const local = await insertCampaign(rt.database.db, { module: 'local', status: 'stopped' });
    const wrongModule = await post(
      rt,
      `${DATA_VENDOR_PREFIX}/queuecount`,
      { kind: 'enhancement', campaign_id: local.id, type: 'financial' },
      agency.token,
    );
    expect(wrongModule.statusCode).toBe(400);
    fates.push('fail');
    const b2b = await insertCampaign(rt.database.db, { module: 'b2b', status: 'stopped' });
    await post(
      rt,
      `${DATA_VENDOR_PREFIX}/queuecount`,
      { kind: 'enhancement', campaign_id: b2b.id, type: 'professional' },
      agency.token,
    );
    await vi.waitFor(
      async () => {
        const rows = (await history(agency, b2b.id, 'professional')).json().data;
        expect(rows[0]).toMatchObject({ outcome: 'failed', message: KEYWORD_COUNT_BUSY });
      },
      { timeout: 15_000, interval: 100 },
    );
    // A client does not queue enhancement counts (a configuration screen's).
    expect(
      (
        await post(
          rt,
          `${DATA_VENDOR_PREFIX}/queuecount`,
          { kind: 'enhancement', campaign_id: enhance.id, type: 'financial' },
          client.token,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('the catalogue and places', () => {
  it('lists the advanced information by list and by type', async () => {
    const consumer = (await get(rt, '/configuration/list-advance-information', client.token)).json();
    expect(consumer.data.map((f: { id: string }) => f.id)).toContain('household_income');
    expect(consumer.data.map((f: { id: string }) => f.id)).not.toContain('seniority');
    const b2b = (await get(rt, '/configuration/list-advance-information-b2b', client.token)).json();
    expect(b2b.data.map((f: { id: string }) => f.id)).toContain('seniority');
    const types = (
      await get(rt, '/configuration/list-advance-information-type?type=b2b', client.token)
    ).json();
    expect(types.data.map((t: { type: string }) => t.type)).toEqual(['firmographics', 'professional']);
    const one = (
      await get(rt, '/configuration/list-advance-information-type?type=property', client.token)
    ).json();
    expect(one.data[0].fields.map((f: { id: string }) => f.id)).toEqual([
      'homeowner',
      'home_value',
      'length_of_residence',
    ]);
    expect(
      (await get(rt, '/configuration/list-advance-information-type?type=nope', client.token)).statusCode,
    ).toBe(400);
  });

  it('finds states, a state’s cities and the zips the vendor covers', async () => {
    const states = (await get(rt, '/general/enhance/location?type=state&search=tex', agency.token)).json();
    expect(states.data[0]).toEqual({ value: 'TX', label: 'Texas' });
    const cities = (
      await get(rt, '/general/enhance/location?type=city&param=TX&search=aus&limit=5', agency.token)
    ).json();
    expect(cities.data[0]).toEqual({ value: 'Austin, TX', label: 'Austin, TX' });
    expect(cities.data.length).toBeLessThanOrEqual(5);
    const [lived] = await queryRows<{ zip: string; city: string }>(
      rt.database.db,
      sql`select zip, city from sandbox_identities where state = 'TX' and zip is not null order by id limit 1`,
    );
    const zips = (
      await get(
        rt,
        `/general/enhance/location?type=zip&param=${encodeURIComponent(`${lived?.city}, TX`)}`,
        agency.token,
      )
    ).json();
    expect(zips.data.map((z: { value: string }) => z.value)).toContain(lived?.zip);
    expect((await get(rt, '/general/enhance/location?type=city&param=ZZ', agency.token)).statusCode).toBe(
      400,
    );
  });
});
