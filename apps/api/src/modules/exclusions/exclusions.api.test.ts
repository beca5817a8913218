import { createHash } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { EXCLUSION_TEXTS } from '@app/contracts';
import { companies, DEMO, eq, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { STAGED_ROWS_LOST } from './exclusion-repository.js';
import { PURGED_WHILE_UPLOADING } from './index.js';

/*
 * Exclusion lists end to end (issue 22, decision 0092) on the real database: the upload route
 * parses and COPYs, the merge job (run here by the test, the in-process worker being off, so each
 * step is deterministic) moves keys into the list, and the lead pipeline then rejects a listed
 * address naming the list.
 */

let rt: TestRuntime;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 50, seed: 'exclusions' } },
    { IN_PROCESS_WORKER: 'false' },
  );
  for (const [who, email] of Object.entries({
    client: DEMO.northwind.clients[0]?.contact.email ?? '',
    agency: DEMO.northwind.owner.email,
    system: DEMO.master.rootUser.email,
    otherClient: DEMO.summit.clients[0]?.contact.email ?? '',
    sales: DEMO.master.sales.email,
  }))
    tokens[who] = (await signIn(rt, email)).access_token;
  for (const [key, name] of Object.entries({
    harbor: DEMO.northwind.clients[0]?.name ?? '',
    cedar: DEMO.northwind.clients[1]?.name ?? '',
    northwind: DEMO.northwind.name,
    peak: DEMO.summit.clients[0]?.name ?? '',
  })) {
    const [row] = await rt.database.db.select().from(companies).where(eq(companies.name, name));
    ids[key] = row?.id ?? 0;
  }
  const [harbor] = await rt.database.db
    .select()
    .from(companies)
    .where(eq(companies.id, ids.harbor ?? 0));
  ids.root = harbor?.rootId ?? 0;
}, 60_000);
afterAll(() => rt?.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function upload(
  who: string,
  content: string | Buffer,
  o: { id?: number; kind?: string; name?: string } = {},
) {
  const form = multipart(
    { ClientCompanyID: o.id ?? ids.harbor ?? 0, campaigntype: o.kind ?? 'client' },
    {
      field: 'clientoptoutfile',
      name: o.name ?? 'Opt Out (May).csv',
      type: 'text/csv',
      bytes: Buffer.isBuffer(content) ? content : Buffer.from(content),
    },
  );
  return rt.app.inject({
    method: 'POST',
    url: '/api/tools/optout-client/upload',
    headers: { ...form.headers, ...bearer(tokens[who] ?? '') },
    payload: form.payload,
  });
}

async function uploadAndMerge(content: string | Buffer, o: { id?: number; kind?: string } = {}) {
  const res = await upload('client', content, o);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().data.id as number;
  await rt.services.exclusions.mergeUpload(id);
  return res.json().data;
}

const get = (who: string, url: string) => rt.app.inject({ url, headers: bearer(tokens[who] ?? '') });
const progress = (who = 'client', id = ids.harbor, kind = 'client') =>
  get(who, `/api/leadspeek/suppressionlist/progress?companyId=${id}&campaignType=${kind}`);
const purge = (who = 'client', id = ids.harbor, kind = 'client') =>
  rt.app.inject({
    method: 'DELETE',
    url: `/api/leadspeek/suppressionlist/purge/${id}/${kind}`,
    headers: bearer(tokens[who] ?? ''),
  });
async function listed(scope = 'client', ownerId = ids.harbor): Promise<string[]> {
  const rows = await queryRows<{ md5: string }>(
    rt.database.db,
    sql`select md5 from suppression_entries where scope = ${scope} and owner_id = ${ownerId} order by md5`,
  );
  return rows.map((r) => r.md5);
}
async function stagedRows() {
  const [row] = await queryRows<{ n: number }>(
    rt.database.db,
    sql`select count(*)::int as n from suppression_staging`,
  );
  return row?.n ?? 0;
}

describe('reading a CSV', () => {
  it('takes a BOM, CRLF line ends, quoted fields and a header naming the column', async () => {
    await purge();
    const data = await uploadAndMerge(
      '\ufeffName,"E-mail"\r\n"Doe, Jane","  Jane.Doe@Example.com "\r\nBob,bob@example.com\r\n\r\n"Quote ""x""",not-an-email\r\n',
    );
    expect(data.filename).toBe('opt_out_may.csv');
    expect(data).toMatchObject({ total_rows: 3, accepted_rows: 2, rejected_rows: 1 });
    expect(data.bad_lines).toEqual([
      { line: 5, reason: 'Not an e-mail address, an MD5 or a SHA-256', text: 'Quote "x",not-an-email' },
    ]);
    expect(await listed()).toEqual([md5('bob@example.com'), md5('jane.doe@example.com')].sort());
  });

  it('takes a file without a header, mixing e-mails, MD5s, SHA-256s and garbage, and collapses repeats', async () => {
    await purge();
    const hashed = md5('hashed@example.com').toUpperCase();
    const sha = sha256('sha@example.com');
    const data = await uploadAndMerge(
      [
        'first@example.com',
        hashed,
        sha,
        'garbage',
        '12345',
        'FIRST@example.com',
        hashed.toLowerCase(),
        '',
      ].join('\n'),
    );
    expect(data).toMatchObject({ total_rows: 7, accepted_rows: 5, rejected_rows: 2 });
    expect(data.bad_lines.map((b: { line: number }) => b.line)).toEqual([4, 5]);
    expect(await listed()).toEqual([md5('first@example.com'), hashed.toLowerCase(), sha].sort());
    const list = (
      await get('client', `/api/leadspeek/suppressionlist/list?companyId=${ids.harbor}&campaignType=client`)
    ).json();
    expect(list.data.list.entries).toBe(3);
    expect(list.data.uploads[0]).toMatchObject({
      id: data.id,
      status: 'done',
      added_rows: 3,
      uploaded_by: 'Hana Brooks',
    });
  });

  it('refuses more rows than the system allows (10,000 by default) and keeps nothing', async () => {
    await purge();
    const rows = Array.from({ length: 10_001 }, (_, i) => `over-${i}@example.com`).join('\n');
    const res = await upload('client', rows);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(
      'This file holds more than 10,000 records; an upload may hold at most 10,000.',
    );
    expect(await listed()).toEqual([]);
    expect(await stagedRows()).toBe(0);
    const uploads = (
      await get('client', `/api/leadspeek/suppressionlist/list?companyId=${ids.harbor}&campaignType=client`)
    ).json();
    expect(uploads.data.uploads.filter((u: { status: string }) => u.status !== 'done')).toEqual([]);
    // Exactly 10,000 is within the limit.
    const ok = await upload('client', rows.split('\n').slice(0, 10_000).join('\n'));
    expect(ok.statusCode, ok.body).toBe(200);
    await rt.services.exclusions.mergeUpload(ok.json().data.id);
    expect((await listed()).length).toBe(10_000);
  });

  it('refuses a file that is not a CSV with the spec’s text', async () => {
    const res = await upload('client', 'a@b.com\n', { name: 'list.xlsx' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EXCLUSION_TEXTS.invalidFile);
    const binary = await upload('client', Buffer.from([0, 1, 2, 255, 254, 10, 0, 3]), { name: 'photo.csv' });
    expect(binary.statusCode).toBe(400);
    expect(binary.json().error.message).toBe('No e-mail address, MD5 or SHA-256 was found in this file.');
    // One junk line is a line with nothing usable, not an empty file; neither keeps anything.
    const junk = await upload('client', 'see attached\n');
    expect(junk.json().error.message).toBe('No e-mail address, MD5 or SHA-256 was found in this file.');
    const empty = await upload('client', '\n\n');
    expect(empty.json().error.message).toBe('The file is empty.');
    expect(await stagedRows()).toBe(0);
  });

  it('rejects one 10 MB line with its line number and reads the lines around it', async () => {
    await purge();
    const data = await uploadAndMerge(
      `before@example.com\n${'x'.repeat(10 * 1024 * 1024)}\nafter@example.com\n`,
    );
    expect(data).toMatchObject({ total_rows: 3, accepted_rows: 2, rejected_rows: 1 });
    expect(data.bad_lines[0].line).toBe(2);
    expect(data.bad_lines[0].text.length).toBeLessThanOrEqual(81);
    expect(await listed()).toEqual([md5('after@example.com'), md5('before@example.com')].sort());
  });
});

describe('the merge job and its progress', () => {
  it('reports each range and 100 % exactly once', async () => {
    await purge();
    await progress(); // reports the uploads before this one that finished
    // Ten keys merged four at a time: 40 %, 80 %, then done.
    const rows = Array.from({ length: 10 }, (_, i) => `progress-${i}@example.com`).join('\n');
    const res = await upload('client', rows);
    const id = res.json().data.id;
    const seen: number[] = [];
    const first = (await progress()).json().data;
    expect(first.jobDone).toBe(false);
    expect(first.jobProgress).toEqual([
      expect.objectContaining({
        id,
        filename: 'opt_out_may.csv',
        percentage: 0,
        current_row: 0,
        total_row: 10,
      }),
    ]);
    await rt.services.exclusions.mergeUpload(id, { range: 4 });
    for (let i = 0; i < 3; i++) {
      const body = (await progress()).json().data;
      seen.push(...body.jobProgress.map((j: { percentage: number }) => j.percentage));
      expect(body.jobDone).toBe(true);
    }
    expect(seen).toEqual([100]);
  });

  it('merges two uploads sent at once', async () => {
    await purge();
    const a = Array.from({ length: 30 }, (_, i) => `a-${i}@example.com`).join('\n');
    const b = Array.from({ length: 30 }, (_, i) => `b-${i}@example.com`).join('\n');
    const [ra, rb] = await Promise.all([upload('client', a), upload('client', b)]);
    expect([ra.statusCode, rb.statusCode]).toEqual([200, 200]);
    await Promise.all([
      rt.services.exclusions.mergeUpload(ra.json().data.id),
      rt.services.exclusions.mergeUpload(rb.json().data.id),
    ]);
    expect((await listed()).length).toBe(60);
    expect(await stagedRows()).toBe(0);
  });

  it('purges while an upload waits and while it merges: nothing of it stays', async () => {
    await purge();
    await uploadAndMerge('kept-before@example.com\n');
    const queued = (await upload('client', 'q1@example.com\nq2@example.com\n')).json().data.id;
    const purged = (await purge()).json().data;
    expect(purged).toEqual({ purged: 1, cancelledUploads: 1 });
    await rt.services.exclusions.mergeUpload(queued);
    expect(await listed()).toEqual([]);
    expect(await stagedRows()).toBe(0);

    // Mid-merge: the purge comes once the first range is in; the next range finds the upload purged.
    const rows = Array.from({ length: 40 }, (_, i) => `mid-${i}@example.com`).join('\n');
    const mid = (await upload('client', rows)).json().data.id;
    let purgedAt: number | null = null;
    await rt.services.exclusions.mergeUpload(mid, {
      range: 4,
      parallel: 1,
      afterRange: async (merged) => {
        if (purgedAt !== null) throw new Error(`a range was merged after the purge (${merged})`);
        const purgeRes = await purge();
        expect(purgeRes.json().data).toEqual({ purged: 4, cancelledUploads: 1 });
        purgedAt = merged;
      },
    });
    expect(purgedAt).toBe(4);
    // Whatever ranges committed before the purge were purged with the list; none came after it.
    expect(await listed()).toEqual([]);
    expect(await stagedRows()).toBe(0);
    const list = (
      await get('client', `/api/leadspeek/suppressionlist/list?companyId=${ids.harbor}&campaignType=client`)
    ).json();
    expect(list.data.uploads.find((u: { id: number }) => u.id === mid)?.status).toBe('purged');
  });
});

describe('a merge two ranges at a time', () => {
  const uploadRow = async (id: number) => {
    const [row] = await queryRows<{
      status: string;
      merged_rows: number;
      merged_ranges: number[];
      error: string | null;
    }>(
      rt.database.db,
      sql`select status, merged_rows, merged_ranges, error from suppression_uploads where id = ${id}`,
    );
    return row;
  };

  it('is taken over after its worker died: the ranges in are skipped, the rest merged once', async () => {
    await purge();
    const rows = Array.from({ length: 40 }, (_, i) => `takeover-${i}@example.com`).join('\n');
    const id = (await upload('client', rows)).json().data.id as number;
    // The worker dies once two ranges are in (the other lane finishes its range in flight).
    await expect(
      rt.services.exclusions.mergeUpload(id, {
        range: 4,
        afterRange: async (merged) => {
          if (merged >= 8) throw new Error('worker died');
        },
      }),
    ).rejects.toThrow('worker died');
    const halfway = await uploadRow(id);
    expect(halfway?.status).toBe('processing');
    expect(halfway?.merged_ranges.length).toBeGreaterThanOrEqual(2);
    expect(halfway?.merged_ranges.length).toBeLessThan(10);
    // Its lease runs out; the job's retry takes it over.
    await rt.database.db.execute(
      sql`update suppression_uploads set lease_until = now() - interval '1 second' where id = ${id}`,
    );
    await rt.services.exclusions.mergeUpload(id, { range: 4 });
    const done = await uploadRow(id);
    expect(done).toMatchObject({ status: 'done', merged_rows: 40 });
    expect([...(done?.merged_ranges ?? [])].sort((a, b) => a - b)).toEqual([
      0, 4, 8, 12, 16, 20, 24, 28, 32, 36,
    ]);
    expect((await listed()).length).toBe(40);
    expect(await stagedRows()).toBe(0);
  });

  it('fails an upload whose staged range was lost (a database restart empties the staging table)', async () => {
    await purge();
    const rows = Array.from({ length: 12 }, (_, i) => `lost-${i}@example.com`).join('\n');
    const id = (await upload('client', rows)).json().data.id as number;
    await rt.database.db.execute(
      sql`delete from suppression_staging where upload_id = ${id} and seq between 5 and 6`,
    );
    await rt.services.exclusions.mergeUpload(id, { range: 4 });
    expect(await uploadRow(id)).toMatchObject({ status: 'failed', error: STAGED_ROWS_LOST });
    expect(await stagedRows()).toBe(0);
  });

  it('lets a purge in while two ranges merge: nothing of the upload stays', async () => {
    await purge();
    const rows = Array.from({ length: 400 }, (_, i) => `both-${i}@example.com`).join('\n');
    const id = (await upload('client', rows)).json().data.id as number;
    // The purge comes once one range is in, while the other lane has one in flight.
    let purged: number | null = null;
    await rt.services.exclusions.mergeUpload(id, {
      range: 10,
      afterRange: async () => {
        if (purged === null) purged = (await purge()).statusCode;
      },
    });
    expect(purged).toBe(200);
    expect(await listed()).toEqual([]);
    expect(await stagedRows()).toBe(0);
    expect((await uploadRow(id))?.status).toBe('purged');
  });
});

describe('a purge while the file is still arriving', () => {
  it('answers the upload 409 and keeps nothing of it', async () => {
    await purge();
    const form = multipart(
      { ClientCompanyID: ids.harbor ?? 0, campaigntype: 'client' },
      {
        field: 'clientoptoutfile',
        name: 'slow.csv',
        type: 'text/csv',
        bytes: Buffer.from('slow-1@example.com\n'),
      },
    );
    // The form up to the first row; the rest is held back until the purge has run.
    const text = form.payload.toString('latin1');
    const cut = text.indexOf('slow-1@example.com\n') + 'slow-1@example.com\n'.length;
    const body = new PassThrough();
    body.write(form.payload.subarray(0, cut));
    const answer = rt.app.inject({
      method: 'POST',
      url: '/api/tools/optout-client/upload',
      headers: { ...form.headers, ...bearer(tokens.client ?? '') },
      payload: body,
    });
    await vi.waitFor(
      async () => {
        const rows = await queryRows<{ id: number }>(
          rt.database.db,
          sql`select id from suppression_uploads where owner_id = ${ids.harbor} and status = 'receiving'`,
        );
        expect(rows).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    expect((await purge()).json().data.cancelledUploads).toBe(1);
    body.end(Buffer.concat([Buffer.from('slow-2@example.com\n'), form.payload.subarray(cut)]));
    const res = await answer;
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(PURGED_WHILE_UPLOADING);
    expect(await listed()).toEqual([]);
    expect(await stagedRows()).toBe(0);
  });
});

describe('the lead pipeline', () => {
  it('rejects a listed address right after the job commits, naming the list', async () => {
    await purge();
    const campaign = await insertCampaign(rt.database.db);
    const person = (email: string) => ({
      id: `vendor-${email}`,
      emailMd5: md5(email.toLowerCase()),
      firstName: 'Test',
      lastName: 'Person',
      emails: [email],
      phones: ['512-555-0101'],
      address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      company: null,
    });
    // Mixed case in the file, lowercase at the lead: the same MD5. A SHA-256 entry matches the
    // candidate's plain e-mail.
    await uploadAndMerge(` Listed.Person@EXAMPLE.com \n${sha256('sha.person@example.com')}\n`);
    await rt.services.leads.intake.insert(
      ['listed.person@example.com', 'Sha.Person@example.com', 'free.person@example.com'].map((email) => ({
        campaignId: campaign.id,
        source: 'vendor_callback' as const,
        payload: person(email),
      })),
    );
    while (await rt.services.leads.ingest.processNextBatch(10)) {}
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(1);
    expect(rejections.map((r) => r.reason)).toEqual(['suppressed_client', 'suppressed_client']);
    const report = await get('agency', `/api/leadspeek/report/rejections/${campaign.id}`);
    expect(report.json().data.reasons).toEqual([
      expect.objectContaining({
        reason: 'suppressed_client',
        count: 2,
        label: `On the client’s suppression list: ${DEMO.northwind.clients[0]?.name}`,
      }),
    ]);
  });

  it('answers the search with the lists holding an address, mixed case or hashed', async () => {
    const search = (query: string, who = 'client', id = ids.harbor, kind = 'client') =>
      send(
        rt,
        '/api/leadspeek/suppressionlist/search',
        { companyId: id, campaignType: kind, query },
        { token: tokens[who] },
      );
    const hit = (await search('LISTED.person@example.com ')).json().data;
    expect(hit).toEqual({
      key: md5('listed.person@example.com'),
      suppressed: true,
      lists: [{ kind: 'client', id: ids.harbor, name: DEMO.northwind.clients[0]?.name }],
    });
    expect((await search(md5('listed.person@example.com'))).json().data.suppressed).toBe(true);
    expect((await search('nobody@example.com')).json().data).toMatchObject({ suppressed: false, lists: [] });
    expect((await search('not an address')).statusCode).toBe(400);
  });

  it('downloads what is stored, hashes only', async () => {
    const res = await get(
      'client',
      `/api/leadspeek/suppressionlist/download?companyId=${ids.harbor}&campaignType=client`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('hash,type');
    expect(lines.slice(1).sort()).toEqual(
      [`${md5('listed.person@example.com')},md5`, `${sha256('sha.person@example.com')},sha256`].sort(),
    );
    expect(res.body).not.toContain('@');
  });
});

describe('who keeps which list', () => {
  it('answers 404 for another tenant’s list and upload, and for sales staff', async () => {
    expect((await progress('otherClient')).statusCode).toBe(404);
    expect((await purge('otherClient')).statusCode).toBe(404);
    expect((await upload('otherClient', 'x@example.com\n')).statusCode).toBe(404);
    expect((await progress('client', ids.cedar)).statusCode).toBe(404);
    expect((await progress('sales')).statusCode).toBe(404);
    expect(
      (await get('client', `/api/leadspeek/suppressionlist/list?companyId=${ids.peak}&campaignType=client`))
        .statusCode,
    ).toBe(404);
    // The kind must match the company: a client id is not an agency list.
    expect((await progress('agency', ids.harbor, 'agency')).statusCode).toBe(404);
  });

  it('lets an agency keep its own list and its clients’, and the system its opt-out list and agencies’', async () => {
    expect((await progress('agency', ids.harbor, 'client')).statusCode).toBe(200);
    expect((await progress('agency', ids.northwind, 'agency')).statusCode).toBe(200);
    expect((await progress('agency', ids.root, 'optout')).statusCode).toBe(404);
    expect((await progress('system', ids.root, 'optout')).statusCode).toBe(200);
    expect((await progress('system', ids.northwind, 'agency')).statusCode).toBe(200);
    expect((await progress('system', ids.harbor, 'client')).statusCode).toBe(404);
    const res = await upload('system', 'opted.out@example.com\n', { id: ids.root, kind: 'optout' });
    expect(res.statusCode, res.body).toBe(200);
    await rt.services.exclusions.mergeUpload(res.json().data.id);
    const [harbor] = await rt.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, ids.harbor ?? 0));
    expect(await listed('opt_out', harbor?.systemId)).toEqual([md5('opted.out@example.com')]);
    // The client's search sees the system's opt-out list above its own.
    const found = (
      await send(
        rt,
        '/api/leadspeek/suppressionlist/search',
        { companyId: ids.harbor, campaignType: 'client', query: 'opted.out@example.com' },
        { token: tokens.client },
      )
    ).json().data;
    expect(found.lists.map((l: { kind: string }) => l.kind)).toEqual(['optout']);
    const purged = await rt.app.inject({
      method: 'DELETE',
      url: `/api/tools/optout/purge/${ids.root}`,
      headers: bearer(tokens.system ?? ''),
    });
    expect(purged.json().data.purged).toBe(1);
  });

  it('lets a system raise its own upload limit', async () => {
    const res = await send(
      rt,
      '/api/leadspeek/suppressionlist/settings',
      { companyRootId: ids.root, uploadRowLimit: 20_000 },
      { token: tokens.system, method: 'PUT' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const rows = Array.from({ length: 10_001 }, (_, i) => `raised-${i}@example.com`).join('\n');
    const ok = await upload('client', rows);
    expect(ok.statusCode, ok.body).toBe(200);
    await rt.services.exclusions.mergeUpload(ok.json().data.id);
    await send(
      rt,
      '/api/leadspeek/suppressionlist/settings',
      { companyRootId: ids.root, uploadRowLimit: 10_000 },
      { token: tokens.system, method: 'PUT' },
    );
    const agency = await send(
      rt,
      '/api/leadspeek/suppressionlist/settings',
      { companyRootId: ids.root, uploadRowLimit: 5 },
      { token: tokens.agency, method: 'PUT' },
    );
    expect(agency.statusCode).toBe(404);
  });
});
