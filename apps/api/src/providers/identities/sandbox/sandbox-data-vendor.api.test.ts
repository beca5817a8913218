import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { DataVendorUnavailable } from '../data-vendor.js';
import { IdentityRequestError } from '../resolver.js';
import { createSandboxDataVendor } from './sandbox-data-vendor.js';

/*
 * The sandbox data vendor (decision 0093) on the real database, over 1,000 synthetic people: counts
 * are the people's own, slow answers come through a ticket once ready, and with shares the fates are
 * drawn per question and attempt — the same sequence of questions, the same fates.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 1_000, seed: 'sandbox-vendor' } },
    { IN_PROCESS_WORKER: 'false' },
  );
  await rt.services.identityResolver.ensureSeeded();
});
afterAll(() => rt?.close());

const vendor = (options: { slowShare?: number; failureShare?: number; slowSeconds?: number }) =>
  createSandboxDataVendor({
    db: rt.database.db,
    seed: 'sandbox-vendor',
    ensureSeeded: rt.services.identityResolver.ensureSeeded,
    ...options,
  });
const national = { national: true, states: [], cities: [], zips: [] };

describe('the sandbox data vendor', () => {
  it('counts people with the keyword, in the place and nationwide; b2b counts people with a company', async () => {
    const v = vendor({ slowShare: 0, failureShare: 0 });
    const all = await v.countKeyword({ module: 'enhance', keyword: ' Golf ', geography: national });
    expect(all.status).toBe('answered');
    if (all.status !== 'answered') return;
    expect(all.answer.count).toBe(all.answer.countWithoutGeo);
    const texas = await v.countKeyword({
      module: 'enhance',
      keyword: 'golf',
      geography: { national: false, states: ['TX'], cities: [], zips: [] },
    });
    const b2b = await v.countKeyword({ module: 'b2b', keyword: 'golf', geography: national });
    if (texas.status !== 'answered' || b2b.status !== 'answered') throw new Error('not answered');
    expect(texas.answer.countWithoutGeo).toBe(all.answer.count);
    expect(texas.answer.count).toBeLessThanOrEqual(all.answer.count);
    expect(b2b.answer.count).toBeLessThan(all.answer.count);
  });

  it('answers a slow question through its ticket once ready, and refuses a ticket it never gave', async () => {
    // Ready in 3 s: the first look, right after asking, finds it waiting even on a loaded machine.
    const v = vendor({ slowShare: 1, failureShare: 0, slowSeconds: 3 });
    const first = await v.countEnhancement({
      module: 'enhance',
      keywords: [],
      geography: national,
      fields: ['homeowner'],
    });
    expect(first.status).toBe('waiting');
    if (first.status !== 'waiting') return;
    expect(await v.collectEnhancementCount(first.ticket)).toMatchObject({ status: 'waiting' });
    await vi.waitFor(
      async () => expect((await v.collectEnhancementCount(first.ticket)).status).toBe('answered'),
      { timeout: 15_000, interval: 200 },
    );
    const done = await v.collectEnhancementCount(first.ticket);
    if (done.status !== 'answered') throw new Error('not answered');
    expect(done.answer.audience).toBe(1_000);
    expect(done.answer.fields.homeowner).toBeGreaterThan(700);
    await expect(v.collectKeywordCount(first.ticket)).rejects.toBeInstanceOf(IdentityRequestError);
    await expect(v.collectKeywordCount('sbx_nope')).rejects.toBeInstanceOf(IdentityRequestError);
  });

  it('fails as an outage when drawn so, and refuses what the port refuses', async () => {
    await expect(
      vendor({ failureShare: 1, slowShare: 0 }).countKeyword({
        module: 'locator',
        keyword: 'golf',
        geography: national,
      }),
    ).rejects.toBeInstanceOf(DataVendorUnavailable);
    const v = vendor({ slowShare: 0, failureShare: 0 });
    await expect(
      v.countKeyword({ module: 'enhance', keyword: '', geography: national }),
    ).rejects.toBeInstanceOf(IdentityRequestError);
    await expect(
      v.countEnhancement({ module: 'enhance', keywords: [], geography: national, fields: ['seniority'] }),
    ).rejects.toBeInstanceOf(IdentityRequestError);
    expect(() => vendor({ slowShare: 0.7, failureShare: 0.5 })).toThrow(/exceed 1/);
  });

  it('draws the same fates for the same questions asked in the same order', async () => {
    const fates = async (keyword: string) => {
      const v = vendor({ slowShare: 0.3, failureShare: 0.3, slowSeconds: 60 });
      const out: string[] = [];
      for (let attempt = 0; attempt < 6; attempt++)
        out.push(
          await v.countKeyword({ module: 'enhance', keyword, geography: national }).then(
            (a) => a.status,
            (e) => (e instanceof DataVendorUnavailable ? 'failed' : 'error'),
          ),
        );
      return out;
    };
    // Two keywords, each asked six times: attempts draw anew, so fates vary within a keyword…
    const a = await fates('cooking');
    const b = await fates('parenting');
    expect(new Set([...a, ...b]).size).toBeGreaterThan(1);
    // …and the whole sequence is a function of the seed and the question's history.
    await rt.database.db.execute(sql`delete from sandbox_vendor_requests`);
    expect(await fates('cooking')).toEqual(a);
  });

  it('lists the zips people live in, of a state or a city', async () => {
    const v = vendor({});
    const [row] = await queryRows<{ state: string; city: string; zip: string }>(
      rt.database.db,
      sql`select state, city, zip from sandbox_identities where zip is not null limit 1`,
    );
    expect(await v.zipsOf({ state: row!.state })).toContain(row!.zip);
    const ofCity = await v.zipsOf({ state: row!.state, city: row!.city });
    expect(ofCity).toContain(row!.zip);
    expect(ofCity.length).toBeLessThanOrEqual(4);
    await expect(v.zipsOf({ state: 'ZZ' })).rejects.toBeInstanceOf(IdentityRequestError);
  });
});
