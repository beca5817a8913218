import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import { createApiKeySandbox, demoApiKey, newId, sha256Hex } from './index.js';

/*
 * The sandbox kit on a real database (decision 0103): a `sandbox-` key opens its own account with
 * the demo records, found again by its key's hash (the key itself stored nowhere), other keys are
 * unknown, a second secret is kept on first use, a revoked key opens nothing; records upserted by
 * their key merge (arrays united) and two at once make one row.
 */

let handle: Awaited<ReturnType<typeof cloneTestDatabase>>;
beforeAll(async () => {
  handle = await cloneTestDatabase();
});
afterAll(() => handle.dispose());

const kitOf = (provider: string) =>
  createApiKeySandbox({
    db: handle.db,
    provider,
    accountName: 'Sandbox test account',
    demoRecords: [
      { kind: 'list', key: 'l1', data: { id: 'l1', name: 'Newsletter' } },
      { kind: 'tag', key: 'hot', data: { name: 'hot' } },
    ],
  });

describe('sandbox kit', () => {
  it('opens an account per sandbox key, with the demo records, storing only the key’s hash', async () => {
    const kit = kitOf('kit-test-a');
    const key = demoApiKey('kit-test-a');
    expect(key).toBe('sandbox-kit-test-a-key');
    const first = await kit.accounts.open(key);
    const again = await kit.accounts.open(key);
    const other = await kit.accounts.open('sandbox-another-key');
    if (!first.ok || !again.ok || !other.ok) throw new Error('not opened');
    expect(again.account.id).toBe(first.account.id);
    expect(other.account.id).not.toBe(first.account.id);
    expect((await kit.records.list(first.account.id, 'list')).map((l) => l.name)).toEqual(['Newsletter']);
    expect((await kit.records.list(first.account.id, 'tag')).map((t) => t.name)).toEqual(['hot']);

    const stored = await queryRows<{ token_hash: string; text: string }>(
      handle.db,
      sql`select t.token_hash, t::text || a::text as text
            from sandbox_integration_tokens t join sandbox_integration_accounts a on a.id = t.account_id
           where t.provider = 'kit-test-a'`,
    );
    expect(stored.map((s) => s.token_hash).sort()).toEqual(
      [sha256Hex(key), sha256Hex('sandbox-another-key')].sort(),
    );
    expect(stored.some((s) => s.text.includes(key))).toBe(false);
  });

  it('refuses keys it does not know, a wrong second secret, and a revoked key', async () => {
    const kit = kitOf('kit-test-b');
    expect(await kit.accounts.open('SG.real-looking-key')).toEqual({ ok: false, reason: 'unknown-key' });
    expect(await kit.accounts.open('sandbox-')).toEqual({ ok: false, reason: 'unknown-key' });
    expect(await kit.accounts.open('sandbox-has space')).toEqual({ ok: false, reason: 'unknown-key' });

    expect((await kit.accounts.open('sandbox-pw-key', 'right')).ok).toBe(true);
    expect((await kit.accounts.open('sandbox-pw-key', 'right')).ok).toBe(true);
    expect(await kit.accounts.open('sandbox-pw-key', 'wrong')).toEqual({ ok: false, reason: 'wrong-secret' });
    expect(await kit.accounts.open('sandbox-pw-key')).toEqual({ ok: false, reason: 'wrong-secret' });

    await kit.accounts.revoke('sandbox-pw-key');
    expect(await kit.accounts.open('sandbox-pw-key', 'right')).toEqual({ ok: false, reason: 'unknown-key' });
  });

  it('upserts records by their key: fields merged, arrays united, first id kept, one row when raced', async () => {
    const kit = kitOf('kit-test-c');
    const opened = await kit.accounts.open('sandbox-upsert-key');
    if (!opened.ok) throw new Error('not opened');
    const id = opened.account.id;
    const first = await kit.records.upsert(
      id,
      {
        kind: 'contact',
        key: 'ann@example.com',
        data: { id: newId('c_'), first_name: 'Ann', list_ids: ['b'] },
      },
      { unionArrays: ['list_ids'] },
    );
    expect(first.inserted).toBe(true);
    const second = await kit.records.upsert(
      id,
      {
        kind: 'contact',
        key: 'ann@example.com',
        data: { id: newId('c_'), last_name: 'Lee', first_name: null, list_ids: ['a', 'b'] },
      },
      { unionArrays: ['list_ids'] },
    );
    expect(second.inserted).toBe(false);
    expect(second.record).toMatchObject({
      id: first.record.id,
      first_name: 'Ann',
      last_name: 'Lee',
      list_ids: ['a', 'b'],
      upserts: 2,
      created_at: first.record.created_at,
    });

    await Promise.all(
      ['x', 'y', 'z'].map((list) =>
        kit.records.upsert(
          id,
          { kind: 'contact', key: 'bo@example.com', data: { id: newId('c_'), list_ids: [list] } },
          { unionArrays: ['list_ids'] },
        ),
      ),
    );
    const contacts = await kit.records.list(id, 'contact');
    expect(contacts).toHaveLength(2);
    expect((await kit.records.find(id, 'contact', 'bo@example.com'))?.list_ids).toEqual(['x', 'y', 'z']);
    expect(await kit.records.find(id, 'contact', 'nobody@example.com')).toBeNull();
  });
});
