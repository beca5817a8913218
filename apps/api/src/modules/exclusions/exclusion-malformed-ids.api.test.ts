import { companies, DEMO, eq, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, signIn } from '../../../test/sign-in.js';

/*
 * Found by the attacker's pass over issue 22: a list id written as hex ("0x3"), with a space
 * (" 3"), a decimal point ("3.0") or an exponent named the list with that number, so a purge with
 * a malformed id emptied the list. A malformed id names no list: 404, and nothing changes (the
 * upload route already answered so; the path and query ids now do too).
 */

let rt: TestRuntime;
let token = '';
let harbor = 0;
beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 10, seed: 'exclusion-ids' } },
    { IN_PROCESS_WORKER: 'false' },
  );
  token = (await signIn(rt, DEMO.northwind.clients[0]?.contact.email ?? '')).access_token;
  const [row] = await rt.database.db
    .select()
    .from(companies)
    .where(eq(companies.name, DEMO.northwind.clients[0]?.name ?? ''));
  harbor = row?.id ?? 0;
}, 60_000);
afterAll(() => rt?.close());

async function entries(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    rt.database.db,
    sql`select count(*)::int as n from suppression_entries where scope = 'client' and owner_id = ${harbor}`,
  );
  return Number(row?.n ?? 0);
}

describe('malformed list ids', () => {
  it('a purge, list or download with a hex, spaced, decimal or exponent id is 404 and changes nothing', async () => {
    const form = multipart(
      { ClientCompanyID: harbor, campaigntype: 'client' },
      {
        field: 'clientoptoutfile',
        name: 'a.csv',
        type: 'text/csv',
        bytes: Buffer.from('keep@example.test\n'),
      },
    );
    const up = await rt.app.inject({
      method: 'POST',
      url: '/api/tools/optout-client/upload',
      headers: { ...form.headers, ...bearer(token) },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    await rt.services.exclusions.mergeUpload(up.json().data.id);
    expect(await entries()).toBe(1);

    const malformed = [
      `0x${harbor.toString(16)}`,
      `%20${harbor}`,
      `${harbor}.0`,
      `${harbor}e0`,
      `0b${harbor.toString(2)}`,
    ];
    for (const id of malformed) {
      const list = await rt.app.inject({
        url: `/api/leadspeek/suppressionlist/list?campaignType=client&companyId=${id}`,
        headers: bearer(token),
      });
      expect(list.statusCode, `list ${id}`).toBe(404);
      const purge = await rt.app.inject({
        method: 'DELETE',
        url: `/api/leadspeek/suppressionlist/purge/${id}/client`,
        headers: bearer(token),
      });
      expect(purge.statusCode, `purge ${id}: ${purge.body}`).toBe(404);
    }
    expect(await entries()).toBe(1);
    // The plain id still works.
    const purge = await rt.app.inject({
      method: 'DELETE',
      url: `/api/leadspeek/suppressionlist/purge/${harbor}/client`,
      headers: bearer(token),
    });
    expect(purge.statusCode).toBe(200);
    expect(await entries()).toBe(0);
  });
});
