import { createHash } from 'node:crypto';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import { signVendorCallback, VENDOR_SIGNATURE_HEADER } from '../../providers/identities/index.js';

/*
 * `POST /api/leads/vendor-callback`: HMAC-SHA256 over "<t>.<raw body>" with the deployment's vendor
 * secret; unsigned, tampered, stale, future or replayed requests are 401 and store nothing.
 */

const SECRET = 'vendor-secret-for-the-api-tests';
let rt: TestRuntime;
let campaign: Awaited<ReturnType<typeof insertCampaign>>;

beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false', VENDOR_CALLBACK_SECRET: SECRET });
  campaign = await insertCampaign(rt.database.db, { module: 'local' });
});
afterAll(() => rt.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const now = () => Math.floor(Date.now() / 1000);
const intakeCount = async () =>
  (await queryRows<{ n: number }>(rt.database.db, sql`select count(*)::int as n from lead_intake`))[0]?.n ??
  0;

let serial = 0;
function body(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return JSON.stringify({
    campaignId: campaign.publicId,
    identities: [
      {
        id: `vendor-person-${serial}`,
        emailMd5: md5(`person-${serial}@example.com`),
        firstName: 'Vera',
        lastName: 'Vendor',
        emails: [`person-${serial}@example.com`],
        phones: [],
        address: { street: '5 Elm St', city: 'Denver', state: 'CO', zip: '80202' },
      },
    ],
    ...overrides,
  });
}

const send = (payload: string, signature?: string) =>
  rt.app.inject({
    method: 'POST',
    url: '/api/leads/vendor-callback',
    headers: {
      'content-type': 'application/json',
      ...(signature !== undefined ? { [VENDOR_SIGNATURE_HEADER]: signature } : {}),
    },
    payload,
  });

describe('signature', () => {
  it('takes a correctly signed body and queues its identities for the pipeline', async () => {
    const payload = body();
    const before = await intakeCount();
    const answer = await send(payload, signVendorCallback(SECRET, payload, now()));
    expect(answer.statusCode).toBe(202);
    expect(answer.json()).toEqual({ accepted: 1 });
    expect(await intakeCount()).toBe(before + 1);
    while (await rt.services.leads.ingest.processNextBatch(50)) {}
    const [lead] = await queryRows<{ source: string; first_name: string }>(
      rt.database.db,
      sql`select source, first_name from leads where campaign_id = ${campaign.id}`,
    );
    expect(lead).toEqual({ source: 'vendor_callback', first_name: 'Vera' });
  });

  const refused: [string, () => [string, string | undefined]][] = [
    ['unsigned', () => [body(), undefined]],
    ['an empty signature', () => [body(), '']],
    ['a malformed signature header', () => [body(), 't=abc,v1=00']],
    [
      'a tampered body',
      () => {
        const signed = body();
        return [signed.replace('Vera', 'Mallory'), signVendorCallback(SECRET, signed, now())];
      },
    ],
    [
      'another secret',
      () => {
        const payload = body();
        return [payload, signVendorCallback('not-the-deployment-secret', payload, now())];
      },
    ],
    [
      'a stale timestamp (301 s old)',
      () => {
        const payload = body();
        return [payload, signVendorCallback(SECRET, payload, now() - 301)];
      },
    ],
    [
      'a timestamp from the future',
      () => {
        const payload = body();
        return [payload, signVendorCallback(SECRET, payload, now() + 301)];
      },
    ],
    [
      'a signature over another timestamp',
      () => {
        const payload = body();
        const t = now();
        return [payload, signVendorCallback(SECRET, payload, t).replace(`t=${t}`, `t=${t - 1}`)];
      },
    ],
  ];
  it.each(refused)('answers %s with 401 and stores nothing', async (_name, make) => {
    const before = await intakeCount();
    const [payload, signature] = make();
    const answer = await send(payload, signature);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toHaveProperty('error.code', 'unauthenticated');
    expect(await intakeCount()).toBe(before);
  });

  it('refuses a replay of a valid request with 401 and stores nothing the second time', async () => {
    const payload = body();
    const signature = signVendorCallback(SECRET, payload, now());
    expect((await send(payload, signature)).statusCode).toBe(202);
    const before = await intakeCount();
    const again = await send(payload, signature);
    expect(again.statusCode).toBe(401);
    expect(again.json().error.message).toBe('This signed delivery was accepted before.');
    expect(await intakeCount()).toBe(before);
  });
});

describe('a signed body that is wrong', () => {
  it.each([
    ['not JSON', '{"campaignId":'],
    ['no identities', JSON.stringify({ campaignId: '12345678', identities: [] })],
    ['an identity without an MD5', JSON.stringify({ campaignId: '12345678', identities: [{ id: 'x' }] })],
    ['an unknown field', JSON.stringify({ campaignId: '12345678', identities: [], extra: true })],
  ])('answers %s with 400 and stores nothing', async (_name, payload) => {
    const before = await intakeCount();
    const answer = await send(payload, signVendorCallback(SECRET, payload, now()));
    expect(answer.statusCode).toBe(400);
    expect(await intakeCount()).toBe(before);
  });

  it('answers 404 for a campaign that is not running', async () => {
    const paused = await insertCampaign(rt.database.db, { status: 'paused' });
    const payload = body({ campaignId: paused.publicId });
    const answer = await send(payload, signVendorCallback(SECRET, payload, now()));
    expect(answer.statusCode).toBe(404);
    expect((await outcomes(rt.database.db, paused.id)).leads).toEqual([]);
  });
});
