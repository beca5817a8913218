import { type Database, queryRows, sql } from '@app/db';

/*
 * What a sandboxed service holds for an account (lists, tags, groups, contacts), as rows of the
 * generic `sandbox_integration_records` table (decision 0103). Each record has an external key
 * (a list's id, a contact's e-mail) kept in the row's `idempotency_key` column as `<kind>:<key>`,
 * so the table's unique index (provider, account, key) makes an upsert one statement that two
 * workers cannot turn into two rows: a repeated delivery finds the contact it made.
 */

/** A record to seed (or upsert): its kind, its external key, and what it holds. */
export interface SandboxRecordInput {
  kind: string;
  key: string;
  data: Record<string, unknown>;
}

/** A record as stored: what it holds, plus when it was made and how many upserts reached it. */
export type SandboxRecord = Record<string, unknown> & { created_at: string; upserts: number };

export function createSandboxRecords(deps: { db: Database; provider: string }) {
  const { db, provider } = deps;
  const keyOf = (kind: string, key: string) => `${kind}:${key}`;

  return {
    /**
     * Creates the record, or merges `data` into the one with this key: fields given replace the
     * stored ones (`null`/absent ones do not), `id` and `created_at` stay the first ones, and each
     * field named in `unionArrays` (a contact's lists, its tags) becomes the union of both arrays.
     */
    async upsert(
      accountId: number,
      input: SandboxRecordInput,
      options: { unionArrays?: readonly string[] } = {},
    ): Promise<{ record: SandboxRecord; inserted: boolean }> {
      const fresh = { ...input.data, created_at: new Date().toISOString(), upserts: 1 };
      const unions = (options.unionArrays ?? []).map(
        (field) =>
          sql` || jsonb_build_object(${field}::text,
                (select coalesce(jsonb_agg(u.v order by u.v), '[]'::jsonb)
                   from (select jsonb_array_elements(coalesce(r.data -> ${field}::text, '[]'::jsonb)) as v
                         union
                         select jsonb_array_elements(coalesce(excluded.data -> ${field}::text, '[]'::jsonb))) u))`,
      );
      const [row] = await queryRows<{ data: SandboxRecord; inserted: boolean }>(
        db,
        sql`insert into sandbox_integration_records as r (provider, account_id, kind, idempotency_key, data)
            values (${provider}, ${accountId}, ${input.kind}, ${keyOf(input.kind, input.key)},
                    ${JSON.stringify(fresh)}::jsonb)
            on conflict (provider, account_id, idempotency_key) where idempotency_key is not null
            do update set data = r.data || jsonb_strip_nulls(excluded.data) || jsonb_strip_nulls(jsonb_build_object(
                  'id', r.data -> 'id',
                  'created_at', r.data -> 'created_at',
                  'upserts', coalesce((r.data ->> 'upserts')::int, 1) + 1))${sql.join(unions, sql``)}
            returning data, (xmax = 0) as inserted`,
      );
      const got = row as { data: SandboxRecord; inserted: boolean };
      return { record: got.data, inserted: Boolean(got.inserted) };
    },

    /** Creates the records an account starts with; ones it already has are left as they are. */
    async seed(accountId: number, inputs: readonly SandboxRecordInput[]) {
      for (const input of inputs)
        await db.execute(
          sql`insert into sandbox_integration_records (provider, account_id, kind, idempotency_key, data)
              values (${provider}, ${accountId}, ${input.kind}, ${keyOf(input.kind, input.key)},
                      ${JSON.stringify({ ...input.data, created_at: new Date().toISOString(), upserts: 1 })}::jsonb)
              on conflict (provider, account_id, idempotency_key) where idempotency_key is not null do nothing`,
        );
    },

    /** The record of this kind and key, or null. */
    async find(accountId: number, kind: string, key: string): Promise<SandboxRecord | null> {
      const [row] = await queryRows<{ data: SandboxRecord }>(
        db,
        sql`select data from sandbox_integration_records
             where provider = ${provider} and account_id = ${accountId}
               and idempotency_key = ${keyOf(kind, key)}`,
      );
      return row?.data ?? null;
    },

    /**
     * The records of a kind whose field `field` has this value (compared as text: a contact found by
     * its numeric id, the applied tags of one contact), oldest first.
     */
    async where(
      accountId: number,
      kind: string,
      field: string,
      value: string | number,
    ): Promise<SandboxRecord[]> {
      const rows = await queryRows<{ data: SandboxRecord }>(
        db,
        sql`select data from sandbox_integration_records
             where provider = ${provider} and account_id = ${accountId} and kind = ${kind}
               and data ->> ${field}::text = ${String(value)} order by id`,
      );
      return rows.map((r) => r.data);
    },

    /** Every record of a kind, oldest first. */
    async list(accountId: number, kind: string): Promise<SandboxRecord[]> {
      const rows = await queryRows<{ data: SandboxRecord }>(
        db,
        sql`select data from sandbox_integration_records
             where provider = ${provider} and account_id = ${accountId} and kind = ${kind} order by id`,
      );
      return rows.map((r) => r.data);
    },
  };
}

export type SandboxRecords = ReturnType<typeof createSandboxRecords>;
