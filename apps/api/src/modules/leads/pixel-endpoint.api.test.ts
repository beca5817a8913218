import { CONTROL_CHARACTER_TEXT, ERROR_CODES } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import { createIntakeRepository } from './intake-repository.js';

/*
 * `POST /api/px/v` (decision 0046): malformed input is a 4xx that stores nothing, never a 5xx; a
 * valid view is stored and answered 204, open to every origin; the limit per address and campaign
 * answers 429. The worker is off so the intake table can be counted; the batches are run here.
 */

let rt: TestRuntime;
let campaign: Awaited<ReturnType<typeof insertCampaign>>;
const PER_MINUTE = 20;

beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 500, seed: 'pixel-endpoint' } },
    { IN_PROCESS_WORKER: 'false', PIXEL_RATE_LIMIT_PER_MINUTE: String(PER_MINUTE) },
  );
  campaign = await insertCampaign(rt.database.db, { module: 'local' });
});
afterAll(() => rt.close());

const intakeCount = async () =>
  (await queryRows<{ n: number }>(rt.database.db, sql`select count(*)::int as n from lead_intake`))[0]?.n;

let address = 0;
const nextAddress = () => `198.51.100.${++address}`;

function post(payload: string, contentType = 'text/plain;charset=UTF-8', remoteAddress = nextAddress()) {
  return rt.app.inject({
    method: 'POST',
    url: '/api/px/v',
    headers: { 'content-type': contentType, origin: 'https://client-site.example' },
    payload,
    remoteAddress,
  });
}

const view = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    campaignId: campaign.publicId,
    url: 'https://client-site.example/pricing',
    referrer: '',
    visitorId: 'v_abc-123-visitor-0001',
    ...overrides,
  });

describe('malformed input', () => {
  const cases: [string, () => string, string?, number?][] = [
    ['not JSON', () => 'hello'],
    ['truncated JSON', () => view().slice(0, 20)],
    ['JSON null', () => 'null'],
    ['a JSON array', () => '[1,2]'],
    ['a JSON string', () => '"cid"'],
    ['an empty body', () => ''],
    ['no campaign id', () => JSON.stringify({ url: 'https://a.example/', visitorId: 'v1-visitor-000001' })],
    ['a 7-digit campaign id', () => view({ campaignId: '1234567' })],
    ['a campaign id with letters', () => view({ campaignId: '1234567a' })],
    ['a numeric campaign id', () => view({ campaignId: 12345678 })],
    ['an ftp URL', () => view({ url: 'ftp://client-site.example/' })],
    ['a javascript: URL', () => view({ url: 'javascript:alert(1)' })],
    ['not a URL', () => view({ url: 'client-site' })],
    ['a URL of 2,049 characters', () => view({ url: `https://a.example/${'x'.repeat(2049 - 18)}` })],
    ['a referrer of 2,049 characters', () => view({ referrer: 'r'.repeat(2049) })],
    ['a referrer that is not text', () => view({ referrer: 42 })],
    ['a referrer that is not a web address', () => view({ referrer: 'android-app://x' })],
    ['an empty visitor id', () => view({ visitorId: '' })],
    ['a visitor id with a space', () => view({ visitorId: 'a b' })],
    ['a visitor id of 65 characters', () => view({ visitorId: 'v'.repeat(65) })],
    ['a visitor id with markup', () => view({ visitorId: '<script>' })],
    ['an unknown field', () => view({ extra: 1 })],
    ['a URL with a tab (the URL parser would drop it)', () => view({ url: 'https://a.example/\tpage' })],
    ['a referrer with a line break', () => view({ referrer: 'https://search.example/\n' })],
    [
      'a body over 4 KB',
      () => view({ referrer: 'r'.repeat(2048), url: `https://a.example/${'x'.repeat(2048 - 18)}` }),
      undefined,
      413,
    ],
    ['an XML body', () => '<v/>', 'application/xml'],
    ['a form body', () => 'cid=12345678', 'application/x-www-form-urlencoded'],
    ['JSON sent as JSON but broken', () => '{"cid":', 'application/json'],
    ['a campaign nobody runs', () => view({ campaignId: '99999999' }), undefined, 404],
  ];
  it.each(cases)('answers %s with a 4xx and stores nothing', async (_name, body, type, status) => {
    const before = await intakeCount();
    const answer = await post(body(), type);
    if (status) expect(answer.statusCode).toBe(status);
    expect(answer.statusCode).toBeGreaterThanOrEqual(400);
    expect(answer.statusCode).toBeLessThan(500);
    expect(answer.json()).toHaveProperty('error.message');
    // Open to every origin, refusals too (the header is set when the request arrives).
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(await intakeCount()).toBe(before);
  });

  it("answers a refused view with the schema's own texts (the plain check leaves refusals to Zod)", async () => {
    const visitor = (await post(view({ visitorId: 'a b' }))).json();
    expect(visitor.error).toMatchObject({
      code: ERROR_CODES.validation,
      message: 'The visitor id must be 16 to 64 letters, digits, - or _.',
      fields: { visitorId: 'The visitor id must be 16 to 64 letters, digits, - or _.' },
    });
    const tab = (await post(view({ url: 'https://a.example/\tpage' }))).json();
    expect(tab.error.fields).toEqual({ url: CONTROL_CHARACTER_TEXT });
    const ftp = (await post(view({ referrer: 'ftp://a.example/' }))).json();
    expect(ftp.error.fields.referrer).toBeDefined();
    const cid = (await post(view({ campaignId: '1234567' }))).json();
    expect(cid.error.message).toBe('The campaign id must be 8 digits.');
  });

  it('answers a campaign nobody runs with its text, to any origin', async () => {
    const unknown = await post(view({ campaignId: '99999999' }));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('No running local campaign has this id.');
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
  });

  it('answers 404 for a campaign that is paused or not local', async () => {
    const paused = await insertCampaign(rt.database.db, { status: 'paused' });
    const enhance = await insertCampaign(rt.database.db, { module: 'enhance' });
    for (const cid of [paused.publicId, enhance.publicId])
      expect((await post(view({ campaignId: cid }))).statusCode).toBe(404);
  });
});

describe('a valid page view', () => {
  it('is stored for the ingest job, answered 204 to any origin, and becomes a lead once resolved', async () => {
    const before = await intakeCount();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(view({ visitorId: `visitor-000000-${i}`, referrer: 'https://search.example/' })),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
      expect(answer.headers['content-type']).toBeUndefined();
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
    // Acknowledged means stored: every 204 has its row.
    expect(await intakeCount()).toBe((before ?? 0) + 40);
    while (await rt.services.leads.ingest.processNextBatch(100)) {}
    expect(await intakeCount()).toBe(0);
    const { leads } = await outcomes(rt.database.db, campaign.id);
    // About 40 % of visitors resolve in the sandbox; the seed makes it the same every run.
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.length).toBeLessThan(40);
    const [stored] = await queryRows<{ source: string; page_url: string }>(
      rt.database.db,
      sql`select source, page_url from leads where campaign_id = ${campaign.id} limit 1`,
    );
    expect(stored).toEqual({ source: 'pixel', page_url: 'https://client-site.example/pricing' });
  });

  it('takes JSON as well as a beacon’s text/plain', async () => {
    expect((await post(view({ visitorId: 'json-visitor-000001' }), 'application/json')).statusCode).toBe(204);
  });

  it('answers the CORS preflight for any origin', async () => {
    const answer = await rt.app.inject({
      method: 'OPTIONS',
      url: '/api/px/v',
      headers: { origin: 'https://client-site.example', 'access-control-request-method': 'POST' },
    });
    expect(answer.statusCode).toBe(204);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    expect(answer.headers['access-control-allow-methods']).toBe('POST');
    expect(answer.headers['access-control-allow-headers']).toBe('content-type');
  });
});

/** Runs the intake dry; every row a batch took must come out as one of its outcomes. */
async function ingestAll() {
  const total = { rows: 0, accounted: 0 };
  for (;;) {
    const outcome = await rt.services.leads.ingest.processNextBatch(100);
    if (!outcome) return total;
    total.rows += outcome.rows;
    total.accounted += outcome.unresolved + outcome.leads + outcome.rejected + outcome.retried;
  }
}

describe('what is acknowledged is processed, or rejected with its reason', () => {
  it('a user agent of any length: cut to what the resolver takes, never refused for it', async () => {
    await ingestAll(); // what earlier tests left
    const lengths = [1_000, 1_001, 1_010, 1_024, 4_000];
    for (const length of lengths) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          rt.app.inject({
            method: 'POST',
            url: '/api/px/v',
            headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'M'.repeat(length) },
            payload: view({
              visitorId: `long-agent-${length}-visitor-${i}`,
              url: `https://client-site.example/ua-${length}`,
            }),
            remoteAddress: nextAddress(),
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode).toBe(204);
    }
    const total = await ingestAll();
    expect(total.rows).toBe(lengths.length * 10);
    expect(total.accounted).toBe(total.rows);
    expect(await intakeCount()).toBe(0);
    const { rejections } = await outcomes(rt.database.db, campaign.id);
    expect(rejections.filter((r) => r.step === 'intake')).toEqual([]);
    // Resolved visitors with the longest agents became leads like any other.
    const stored = await queryRows<{ page_url: string }>(
      rt.database.db,
      sql`select distinct page_url from leads where campaign_id = ${campaign.id} and page_url like '%/ua-%'`,
    );
    expect(stored.map((r) => r.page_url).sort()).toEqual(
      lengths.map((length) => `https://client-site.example/ua-${length}`).sort(),
    );
  });

  it('a visit the resolver refuses, or a row that cannot be read, is rejected with its reason', async () => {
    const intake = createIntakeRepository(rt.database.db);
    await intake.insert([
      {
        campaignId: campaign.id,
        source: 'pixel',
        // Stored by an older build or by hand: an address the resolver does not take.
        payload: {
          vid: 'refused-visitor-0001',
          url: 'https://client-site.example/',
          ip: 'not-an-address',
          ua: 'UA',
        },
      },
      { campaignId: campaign.id, source: 'pixel', payload: { garbage: true } },
    ]);
    const total = await ingestAll();
    expect(total).toEqual({ rows: 2, accounted: 2 });
    expect(await intakeCount()).toBe(0);
    const { rejections } = await outcomes(rt.database.db, campaign.id);
    expect(
      rejections.filter((r) => r.step === 'intake').sort((a, b) => a.reason.localeCompare(b.reason)),
    ).toEqual([
      { step: 'intake', reason: 'intake_unreadable', identity_md5: null },
      { step: 'intake', reason: 'visit_refused', identity_md5: null },
    ]);
  });
});

describe('rate limit', () => {
  it('answers 429 past the limit for one address and campaign, and still takes other addresses', async () => {
    const from = '203.0.113.50';
    const codes: number[] = [];
    for (let i = 0; i <= PER_MINUTE; i++)
      codes.push((await post(view({ visitorId: `rate-limit-0000-${i}` }), undefined, from)).statusCode);
    expect(codes.slice(0, PER_MINUTE).every((c) => c === 204)).toBe(true);
    expect(codes[PER_MINUTE]).toBe(429);
    const limited = await post(view({ visitorId: 'rate-limit-0000-x' }), undefined, from);
    expect(limited.json().error).toMatchObject({
      code: 'rate_limited',
      message: 'Too many page views from this address. Please slow down.',
    });
    expect(limited.headers['access-control-allow-origin']).toBe('*');
    expect(
      (await post(view({ visitorId: 'rate-limit-other-01' }), undefined, '203.0.113.51')).statusCode,
    ).toBe(204);
  });
});
