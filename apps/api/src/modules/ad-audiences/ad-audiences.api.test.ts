import { createHash } from 'node:crypto';
import { AUDIENCE_TEXTS, type Audience } from '@app/contracts';
import { companies, DEMO, eq, queryRows, sql, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { openSimplifi } from '../../../test/kits/simplifi-open.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, signIn } from '../../../test/sign-in.js';

/*
 * Audiences end to end (issue 24, decision 0114) on the real database: the upload route reads and
 * COPYs, the job that stores the keys is run here by the test (the in-process worker is off, so each
 * step is deterministic), and the list answers status, counts and progress. Northwind (master system)
 * is a Simplifi beta tester and Harbor Dental has the module; Summit (master system, no beta) and
 * Brightreach (another system, even as a tester with the module on) are not open to it.
 */

const MAX_ROWS = 40;
const MAX_BYTES = 4096;

let rt: TestRuntime;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
beforeAll(async () => {
  rt = await startTestRuntime(
    { audienceLimits: { maxRows: MAX_ROWS, maxFileBytes: MAX_BYTES } },
    {
      IN_PROCESS_WORKER: 'false',
    },
  );
  const db = rt.database.db;
  for (const [key, name] of Object.entries({
    harbor: DEMO.northwind.clients[0]?.name ?? '',
    cedar: DEMO.northwind.clients[1]?.name ?? '',
    northwind: DEMO.northwind.name,
    summit: DEMO.summit.name,
  })) {
    const [row] = await db.select().from(companies).where(eq(companies.name, name));
    ids[key] = row?.id ?? 0;
  }
  // Simplifi opens to Northwind's people (a beta tester on the master system) and to Harbor Dental.
  await openSimplifi(db, ids.northwind ?? 0, [ids.harbor ?? 0]);
  for (const [who, email] of Object.entries({
    client: DEMO.northwind.clients[0]?.contact.email ?? '',
    cedar: DEMO.northwind.clients[1]?.contact.email ?? '',
    agency: DEMO.northwind.owner.email,
    system: DEMO.master.rootUser.email,
    sales: DEMO.master.sales.email,
    summit: DEMO.summit.owner.email,
    otherSystem: DEMO.brightreach.agency.client.contact.email,
  })) {
    const host = who === 'otherSystem' ? DEMO.brightreach.domain : 'localhost';
    tokens[who] = (await signIn(rt, email, { host })).access_token;
    const [person] = await db.select().from(users).where(eq(users.email, email));
    ids[`${who}User`] = person?.id ?? 0;
    ids[`${who}Company`] = person?.companyId ?? 0;
  }
}, 60_000);
afterAll(() => rt?.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

function upload(
  who: string,
  content: string | Buffer,
  o: { companyID?: number | string; name?: string; kind?: string; file?: string } = {},
) {
  const form = multipart(
    { companyID: o.companyID ?? ids.harbor ?? 0, name: o.name ?? 'Past customers', kind: o.kind ?? 'email' },
    {
      field: 'audiencefile',
      name: o.file ?? 'Customers (May).csv',
      type: 'text/csv',
      bytes: Buffer.isBuffer(content) ? content : Buffer.from(content),
    },
  );
  return rt.app.inject({
    method: 'POST',
    url: '/api/leadspeek/simplifi/audience/upload',
    headers: { ...form.headers, ...bearer(tokens[who] ?? '') },
    payload: form.payload,
  });
}

const list = (who: string, userId = ids[`${who}User`]) =>
  rt.app.inject({
    method: 'GET',
    url: `/api/leadspeek/simplifi/audience/${userId}`,
    headers: bearer(tokens[who] ?? ''),
  });
const remove = (who: string, id: number) =>
  rt.app.inject({
    method: 'DELETE',
    url: `/api/leadspeek/simplifi/audience/${id}`,
    headers: bearer(tokens[who] ?? ''),
  });

const audiences = () => rt.services.adAudiences.campaignAudiences;
const listed = async (who: string, id: number): Promise<Audience | undefined> =>
  (list(who) as Promise<{ json(): { data: { audiences: Audience[] } } }>).then((r) =>
    r.json().data.audiences.find((a) => a.id === id),
  );
const keysOf = async (audienceId: number) =>
  (
    await queryRows<{ md5: string }>(
      rt.database.db,
      sql`select md5 from ad_audience_keys where audience_id = ${audienceId} order by md5`,
    )
  ).map((r) => r.md5);
const count = async (table: 'ad_audiences' | 'ad_audience_staging' | 'ad_audience_keys') =>
  Number(
    (await queryRows<{ n: number }>(rt.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]
      ?.n,
  );

async function uploadAndStore(who: string, content: string, o: Parameters<typeof upload>[2] = {}) {
  const res = await upload(who, content, o);
  expect(res.statusCode, res.body).toBe(200);
  const audience = res.json().data as Audience;
  await rt.services.adAudiences.mergeAudience(audience.id);
  return audience;
}

describe('an e-mail CSV', () => {
  const EMAILS = ['Jane.Doe@Example.com', ' bob@example.org ', 'carol@example.net'];
  const csv = `Name,Email\r\nJane,${EMAILS[0]}\r\nBob,${EMAILS[1]}\r\nCarol,${EMAILS[2]}\r\nJane again,JANE.DOE@example.COM\r\nNo address,jane at example\r\n\r\n`;

  it('is stored as the MD5s of the trimmed, lowercased addresses, the raw addresses nowhere', async () => {
    const res = await upload('client', csv);
    expect(res.statusCode, res.body).toBe(200);
    const received = res.json().data as Audience;
    expect(received).toMatchObject({
      name: 'Past customers',
      kind: 'email',
      filename: 'customers_may.csv',
      status: 'processing',
      company_id: ids.harbor,
      rows_read: 5,
      keys_accepted: 4,
      bad_line_count: 1,
      progress: 0,
    });
    expect(received.bad_lines).toEqual([
      { line: 6, reason: 'Not an e-mail address', text: 'No address,jane at example' },
    ]);

    await rt.services.adAudiences.mergeAudience(received.id);
    const ready = await listed('client', received.id);
    expect(ready).toMatchObject({ status: 'ready', progress: 100, keys_stored: 3, duplicates: 1 });
    expect(await keysOf(received.id)).toEqual(
      ['jane.doe@example.com', 'bob@example.org', 'carol@example.net'].map(md5).sort(),
    );
    // Nothing of the addresses is kept in any of the module's tables, nor answered.
    const dump = JSON.stringify(
      await queryRows(
        rt.database.db,
        sql`select (select json_agg(a) from ad_audiences a) as a, (select json_agg(k) from ad_audience_keys k) as k,
                   (select json_agg(s) from ad_audience_staging s) as s`,
      ),
    ).toLowerCase();
    for (const email of ['jane.doe@example.com', 'bob@example.org', 'carol@example.net'])
      expect(dump).not.toContain(email);
    expect((await list('client')).body.toLowerCase()).not.toContain('@example');
    expect(await count('ad_audience_staging')).toBe(0);
  });

  it('is listed for the agency with its clients, and for the client alone', async () => {
    const agencyOwn = await uploadAndStore('agency', 'email\nlist@agency.example\n', {
      companyID: ids.northwind,
      name: 'Agency list',
    });
    const forAgency = (await list('agency')).json().data.audiences as Audience[];
    expect(forAgency.map((a) => a.company_id)).toEqual(expect.arrayContaining([ids.northwind, ids.harbor]));
    const forClient = (await list('client')).json().data.audiences as Audience[];
    expect(forClient.every((a) => a.company_id === ids.harbor)).toBe(true);
    expect(forClient.some((a) => a.id === agencyOwn.id)).toBe(false);
    // The agency reads a client's list by that client's user id; the system's staff read it too.
    expect((await list('agency', ids.clientUser)).json().data.audiences).toEqual(forClient);
    expect((await list('system', ids.clientUser)).statusCode).toBe(200);
  });
});

describe('an MD5 CSV', () => {
  it('keeps 32-hex keys lowercased; an address or another hash is a bad line, shown without the address', async () => {
    const A = md5('a@example.com');
    const B = md5('b@example.com');
    const audience = await uploadAndStore(
      'client',
      `md5\n${A.toUpperCase()}\n${B}\nsomeone@example.com\n${'f'.repeat(64)}\n${A}\n`,
      { kind: 'md5', name: 'Hashed' },
    );
    expect(audience).toMatchObject({ rows_read: 5, keys_accepted: 3, bad_line_count: 2 });
    expect(audience.bad_lines[0]).toEqual({
      line: 4,
      reason: 'Not an MD5 hash (32 hexadecimal digits)',
      text: '[e-mail address]',
    });
    expect(await keysOf(audience.id)).toEqual([A, B].sort());
    expect(await listed('client', audience.id)).toMatchObject({
      status: 'ready',
      keys_stored: 2,
      duplicates: 1,
    });
  });
});

describe('refused uploads keep nothing', () => {
  it.each([
    [
      'too many rows',
      () => upload('client', `${Array.from({ length: MAX_ROWS + 1 }, (_, i) => `p${i}@x.com`).join('\n')}\n`),
      400,
      AUDIENCE_TEXTS.tooManyRows(MAX_ROWS),
    ],
    [
      'too large a file',
      () => upload('client', `email\n${'a'.repeat(MAX_BYTES + 10)}@x.com\n`),
      413,
      AUDIENCE_TEXTS.fileTooLarge,
    ],
    [
      'not a CSV',
      () => upload('client', 'a@x.com\n', { file: 'list.xlsx' }),
      400,
      AUDIENCE_TEXTS.invalidFile,
    ],
    ['nothing usable', () => upload('client', 'hello\nworld\n'), 400, AUDIENCE_TEXTS.nothingUsable.email],
    ['an empty file', () => upload('client', '\n\n'), 400, AUDIENCE_TEXTS.empty],
    ['no name', () => upload('client', 'a@x.com\n', { name: ' ' }), 400, AUDIENCE_TEXTS.nameRequired],
    [
      'an unknown kind',
      () => upload('client', 'a@x.com\n', { kind: 'sha256' }),
      400,
      AUDIENCE_TEXTS.kindInvalid,
    ],
  ])('%s', async (_what, call, status, message) => {
    const before = await count('ad_audiences');
    const res = await call();
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().error.message).toBe(message);
    expect(await count('ad_audiences')).toBe(before);
    expect(await count('ad_audience_staging')).toBe(0);
  });
});

describe('progress', () => {
  it('is answered while the keys are stored, range by range, and reaches 100 when ready', async () => {
    const rows = Array.from({ length: 10 }, (_, i) => `person${i}@progress.example`).join('\n');
    const res = await upload('client', `${rows}\n`, { name: 'Progress' });
    const id = (res.json().data as Audience).id;
    const seen: number[] = [];
    await rt.services.adAudiences.mergeAudience(id, {
      range: 3,
      parallel: 1,
      afterRange: async () => {
        const now = await listed('client', id);
        expect(now?.status).toBe('processing');
        seen.push(now?.progress ?? -1);
      },
    });
    expect(seen).toEqual([30, 60, 90, 99]);
    expect(await listed('client', id)).toMatchObject({ status: 'ready', progress: 100, keys_stored: 10 });
  });
});

describe('whose audiences', () => {
  let harbors: number;
  beforeAll(async () => {
    harbors = (await uploadAndStore('client', 'x@harbor.example\n', { name: 'Harbor only' })).id;
  });

  it("another agency's people, another client and sales staff get 404 for it", async () => {
    for (const who of ['summit', 'cedar', 'sales', 'otherSystem']) {
      expect((await remove(who, harbors)).statusCode, who).toBe(404);
      expect((await list(who, ids.clientUser)).statusCode, who).toBe(404);
    }
    expect((await upload('cedar', 'a@x.com\n')).statusCode).toBe(404);
    expect((await upload('summit', 'a@x.com\n')).statusCode).toBe(404);
    expect((await upload('client', 'a@x.com\n', { companyID: 'abc' })).statusCode).toBe(404);
    expect(await listed('client', harbors)).toBeDefined();
  });

  it('Simplifi closed: a non-beta agency and a non-master system get 404 for their own', async () => {
    expect((await list('summit')).statusCode).toBe(404);
    expect((await upload('summit', 'a@x.com\n', { companyID: ids.summit })).statusCode).toBe(404);
    // Brightreach's system is not the master: the module does not exist there, even switched on.
    const [bright] = await rt.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, ids.otherSystemCompany ?? 0));
    await openSimplifi(rt.database.db, bright?.parentId ?? 0, [ids.otherSystemCompany ?? 0]);
    expect((await list('otherSystem')).statusCode).toBe(404);
    expect((await upload('otherSystem', 'a@x.com\n', { companyID: ids.otherSystemCompany })).statusCode).toBe(
      404,
    );
    // Cedar Family (Northwind's other client) does not have the module switched on.
    expect((await list('cedar')).statusCode).toBe(404);
  });
});

describe('campaigns and deletion', () => {
  it("attaches ready audiences of the campaign's client or agency; a used one is not deleted", async () => {
    const harbors = await uploadAndStore('client', 'one@c.example\ntwo@c.example\n', { name: 'Attach me' });
    const campaign = await insertCampaign(rt.database.db, { module: 'simplifi', name: 'Spring display' });
    const target = { id: campaign.id, clientId: campaign.clientId, agencyId: campaign.agencyId };
    expect(campaign.clientId).toBe(ids.harbor);
    await audiences().attach(target, [harbors.id]);
    expect((await audiences().ofCampaign(campaign.id)).map((a) => a.id)).toEqual([harbors.id]);
    expect((await listed('client', harbors.id))?.campaigns).toEqual([
      { id: campaign.id, leadspeek_api_id: campaign.publicId, name: 'Spring display' },
    ]);

    const refused = await remove('client', harbors.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(AUDIENCE_TEXTS.inUse(`Spring display (${campaign.publicId})`));
    expect(await keysOf(harbors.id)).toHaveLength(2);

    // Another agency's audience cannot be attached to this campaign: as if it did not exist.
    await openSimplifi(rt.database.db, ids.summit ?? 0);
    const summits = await uploadAndStore('summit', 's@summit.example\n', { companyID: ids.summit });
    await expect(audiences().attach(target, [summits.id])).rejects.toMatchObject({ statusCode: 404 });

    expect(await audiences().detach(campaign.id)).toBe(1);
    const gone = await remove('client', harbors.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json().message).toBe(AUDIENCE_TEXTS.deleted);
    expect(await keysOf(harbors.id)).toEqual([]);
    expect(await listed('client', harbors.id)).toBeUndefined();
    expect((await remove('client', harbors.id)).statusCode).toBe(404);
  });

  it('refuses to attach an audience still being stored', async () => {
    const res = await upload('client', 'wait@c.example\n', { name: 'Not yet' });
    const id = (res.json().data as Audience).id;
    const campaign = await insertCampaign(rt.database.db, { module: 'simplifi' });
    await expect(
      audiences().attach({ id: campaign.id, clientId: campaign.clientId, agencyId: campaign.agencyId }, [id]),
    ).rejects.toMatchObject({ statusCode: 409 });
    await rt.services.adAudiences.mergeAudience(id);
  });

  it("hands the keys over in batches, and keeps the ad platform's id", async () => {
    const emails = Array.from({ length: 7 }, (_, i) => `batch${i}@k.example`);
    const audience = await uploadAndStore('client', `${emails.join('\n')}\n`, { name: 'Batches' });
    const batches: string[][] = [];
    for await (const batch of audiences().keysOf(audience.id, 3)) batches.push(batch);
    expect(batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(batches.flat()).toEqual(emails.map(md5).sort());
    expect(await audiences().recordPlatformAudience(audience.id, 'aud_123')).toBe(true);
    expect(await audiences().audience(audience.id)).toMatchObject({
      platformAudienceId: 'aud_123',
      size: 7,
      status: 'ready',
    });
    expect((await listed('client', audience.id))?.platform_audience_id).toBe('aud_123');
  });

  it('deleting an upload mid-way stops its storing and keeps nothing', async () => {
    const res = await upload('client', 'm1@d.example\nm2@d.example\nm3@d.example\n', { name: 'Mid-way' });
    const id = (res.json().data as Audience).id;
    await rt.services.adAudiences.mergeAudience(id, {
      range: 1,
      parallel: 1,
      afterRange: async (merged) => {
        if (merged === 1) expect((await remove('client', id)).statusCode).toBe(200);
      },
    });
    expect(await keysOf(id)).toEqual([]);
    expect(await count('ad_audience_staging')).toBe(0);
  });
});
