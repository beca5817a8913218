import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../test/test-database.js';
import {
  createVendorCallbackNonces,
  signVendorCallback,
  type VendorCallbackNonces,
  verifyVendorCallback,
} from './index.js';

const SECRET = 'vendor-secret';
const T = 1_790_000_000;
const at = (seconds: number) => new Date((T + seconds) * 1000);
const body = (n: number) => JSON.stringify({ identities: [{ n }] });

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let nonces: VendorCallbackNonces;
beforeAll(async () => {
  database = await cloneTestDatabase();
  nonces = createVendorCallbackNonces(database.db);
});
afterAll(() => database.dispose());

const stored = async () =>
  (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from vendor_callback_nonces`))[0]
    ?.n;

describe('vendor callback nonces on the database', () => {
  it('accepts a signed delivery once, even when the same one arrives many times at once', async () => {
    const header = signVendorCallback(SECRET, body(1), T);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => verifyVendorCallback(body(1), header, [SECRET], at(1), nonces)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes.filter((o) => o.status === 'rejected'))
      expect((outcome as PromiseRejectedResult).reason).toMatchObject({ reason: 'replayed' });
    expect(await stored()).toBe(1);
  });

  it('stores nothing for unsigned, tampered or stale deliveries', async () => {
    const before = await stored();
    const header = signVendorCallback(SECRET, body(2), T);
    await expect(verifyVendorCallback(body(2), undefined, [SECRET], at(0), nonces)).rejects.toMatchObject({
      reason: 'missing',
    });
    await expect(verifyVendorCallback(`${body(2)}x`, header, [SECRET], at(0), nonces)).rejects.toMatchObject({
      reason: 'mismatch',
    });
    await expect(verifyVendorCallback(body(2), header, [SECRET], at(301), nonces)).rejects.toMatchObject({
      reason: 'stale',
    });
    expect(await stored()).toBe(before);
  });

  it('prunes digests once their timestamps can no longer pass, and still refuses a replay until then', async () => {
    const header = signVendorCallback(SECRET, body(3), T + 100);
    await verifyVendorCallback(body(3), header, [SECRET], at(100), nonces);
    // Just inside the tolerance: the digest is still there.
    await expect(verifyVendorCallback(body(3), header, [SECRET], at(400), nonces)).rejects.toMatchObject({
      reason: 'replayed',
    });
    // Ten minutes later a new delivery prunes every expired digest (both earlier ones).
    await verifyVendorCallback(
      body(4),
      signVendorCallback(SECRET, body(4), T + 1_000),
      [SECRET],
      at(1_000),
      nonces,
    );
    expect(await stored()).toBe(1);
    // And the old delivery is refused by its age, not let in by the pruning.
    await expect(verifyVendorCallback(body(3), header, [SECRET], at(1_000), nonces)).rejects.toMatchObject({
      reason: 'stale',
    });
  });
});
