import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { openSimplifi } from '../../../test/kits/simplifi-open.js';
import { companyByName, del, get, PEOPLE, post, type Who, who } from '../../../test/kits/users.js';

/*
 * The marketing organisation calls (spec 2 §7, issue 24): a company's organisation at the (sandbox)
 * ad platform, a client's under its agency's; the parent is never the caller's to choose; another
 * agency's company is not found; Simplifi closed answers 404.
 */

let rt: TestRuntime;
let owner: Who;
let summitOwner: Who;
let northwind: number;
let harbor: number;
let summit: number;

beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false' });
  owner = await who(rt, PEOPLE.northwind);
  summitOwner = await who(rt, PEOPLE.summit);
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  summit = (await companyByName(rt, DEMO.summit.name)).id;
  await openSimplifi(rt.database.db, northwind, [harbor]);
});
afterAll(() => rt?.close());

const create = (by: Who, body: Record<string, unknown>) =>
  post(rt, '/marketing/createorganization', body, by.token);

describe('marketing organisations', () => {
  it("makes the agency's, then the client's under it; reads and deletes them", async () => {
    const early = await create(owner, { companyID: harbor, OrganizationName: 'Harbor Dental ads' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe("Create the agency's organization first.");

    const agency = await create(owner, {
      companyID: northwind,
      OrganizationName: 'Northwind ads',
      CustomID: 'NW-1',
    });
    expect(agency.statusCode, agency.body).toBe(200);
    const agencyOrg = agency.json().data;
    expect(agencyOrg).toMatchObject({ OrganizationName: 'Northwind ads', ParentID: '', CustomID: 'NW-1' });

    const again = await create(owner, { companyID: northwind, OrganizationName: 'Northwind ads' });
    expect(again.statusCode).toBe(409);

    const wrongParent = await create(owner, {
      companyID: harbor,
      OrganizationName: 'Harbor',
      ParentID: 'org_other',
    });
    expect(wrongParent.statusCode).toBe(400);
    expect(wrongParent.json().error.message).toBe(
      "A client's organization sits under its agency's organization.",
    );

    const client = await create(owner, { companyID: harbor, OrganizationName: 'Harbor Dental ads' });
    expect(client.statusCode, client.body).toBe(200);
    expect(client.json().data.ParentID).toBe(agencyOrg.organization_id);

    const read = await get(rt, `/marketing/getorganization/${harbor}/client`, owner.token);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toEqual(client.json().data);
    const mismatch = await get(rt, `/marketing/getorganization/${harbor}/agency`, owner.token);
    expect(mismatch.statusCode).toBe(400);

    // The agency's organisation holds the client's: refused until the client's is gone.
    const busy = await del(rt, `/marketing/deleteorganization/${northwind}`, owner.token);
    expect(busy.statusCode).toBe(409);
    expect((await del(rt, `/marketing/deleteorganization/${harbor}`, owner.token)).statusCode).toBe(200);
    expect(
      (await get(rt, `/marketing/getorganization/${harbor}/client`, owner.token)).json().data,
    ).toBeNull();
    expect((await del(rt, `/marketing/deleteorganization/${northwind}`, owner.token)).statusCode).toBe(200);
    expect((await del(rt, `/marketing/deleteorganization/${northwind}`, owner.token)).statusCode).toBe(409);
  });

  it("answers 404 for another agency's company and where Simplifi is closed", async () => {
    expect((await get(rt, `/marketing/getorganization/${summit}/agency`, owner.token)).statusCode).toBe(404);
    // Summit is on the master system but no Simplifi beta tester.
    expect((await get(rt, `/marketing/getorganization/${summit}/agency`, summitOwner.token)).statusCode).toBe(
      404,
    );
    const made = await create(summitOwner, { companyID: summit, OrganizationName: 'Summit ads' });
    expect(made.statusCode).toBe(404);
  });
});
