import { DEMO, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { walletAgency } from '../../../test/kits/data-wallet.js';
import { get, PEOPLE, post, type Who, who } from '../../../test/kits/users.js';
import { type SettableClock, settableClock } from '../../lib/clock.js';

/*
 * `GET /agreement-minimum-spend-latest/{company_id}` (spec 2 §7; decision 0077): which current
 * agreement versions an agency accepted, from its acceptance records, and when its minimum spend
 * started (its first acceptance of the addendum, on the runtime's clock); scoped like every company id.
 */

let rt: TestRuntime;
let clock: SettableClock;
const at = (iso: string) => clock.set(new Date(iso));

beforeAll(async () => {
  clock = settableClock(new Date('2027-04-02T12:00:00Z'));
  rt = await startTestRuntime({ clock });
});
afterAll(() => rt?.close());

async function accept(agency: Who, document: string) {
  const res = await post(
    rt,
    '/general/user-service-agreement-confirm',
    { user_id: agency.id, document_type: document },
    agency.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /agreement-minimum-spend-latest/{company_id}', () => {
  const latest = (asWho: Who, companyId: number) =>
    get(rt, `/agreement-minimum-spend-latest/${companyId}`, asWho.token);

  it('answers which current agreements the agency accepted, from its acceptances', async () => {
    at('2027-04-02T12:00:00Z');
    const agency = await walletAgency(rt, null);
    await accept(agency, 'minimum_spend');
    const before = await latest(agency, agency.company);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toEqual({
      result: 'success',
      isAgreementV2: false,
      isAgreementV3: false,
      isAgreementV4: false,
      minimum_spend_addendum_required: true,
      isAgreementMinimumSpend: true,
      minimum_spend_started_at: '2027-04-02T12:00:00.000Z',
    });
    await accept(agency, 'v3');
    expect((await latest(agency, agency.company)).json()).toMatchObject({
      isAgreementV2: false,
      isAgreementV3: true,
      isAgreementV4: false,
    });
    // A new version of v3 is published: the agency has not accepted the current one any more.
    await rt.database.db.execute(sql`insert into documents (system_id, name, title, html, version)
      select null, name, title, html, version + 1 from documents
       where name = 'v3' and system_id is null order by version desc limit 1`);
    expect((await latest(agency, agency.company)).json()).toMatchObject({ isAgreementV3: false });
    await accept(agency, 'v3');
    expect((await latest(agency, agency.company)).json()).toMatchObject({ isAgreementV3: true });
  });

  it("answers 404 for another tenant's agency and refuses a client user", async () => {
    const agency = await walletAgency(rt, null);
    const other = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
    expect((await latest(other, agency.company)).statusCode).toBe(404);
    const northwind = await who(rt, PEOPLE.northwind);
    expect((await latest(northwind, agency.company)).statusCode).toBe(404);
    const client = await who(rt, PEOPLE.client);
    // Its own company is in its scope: the 404 is the role's refusal (answered like a missing id).
    const refused = await latest(client, client.company);
    expect(refused.statusCode, refused.body).toBe(404);
    expect((await latest(client, northwind.company)).statusCode).toBe(404);
    expect((await latest(northwind, northwind.company)).statusCode).toBe(200);
    const root = await who(rt, PEOPLE.root);
    expect((await latest(root, client.company)).statusCode).toBe(400);
  });
});
