import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DISTRIBUTED_TABLE_TRIGGERS,
  DISTRIBUTED_TABLES,
  DISTRIBUTION_COLUMN,
  LOCAL_TABLES,
  REFERENCE_TABLES,
} from '../test/table-distribution.js';
import { cloneTestDatabase } from '../test/test-database.js';

/*
 * The schema stays ready for Citus (decision 0121): read from the catalog of the migrated database,
 * so a migration that adds a table, a key or a foreign key is checked as it really is.
 */

type Placement = 'distributed' | 'reference' | 'local';

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
let tables: string[];
let columns: { table: string; column: string; nullable: boolean; type: string; identity: boolean }[];
let uniqueIndexes: { table: string; index: string; columns: string[]; primary: boolean }[];
let triggers: string[];
let foreignKeys: { name: string; from: string; to: string; fromColumns: string[]; toColumns: string[] }[];

beforeAll(async () => {
  database = await cloneTestDatabase();
  const { db } = database;
  tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
           order by 1`,
    )
  ).map((r) => r.name);
  columns = (
    await queryRows<{ table: string; column: string; nullable: string; type: string; identity: string }>(
      db,
      sql`select table_name as table, column_name as column, is_nullable as nullable,
                 data_type as type, is_identity as identity
            from information_schema.columns where table_schema = 'public'`,
    )
  ).map((r) => ({ ...r, nullable: r.nullable === 'YES', identity: r.identity === 'YES' }));
  // Column lists in the index's (the key's) own order; an expression's position reads as null.
  uniqueIndexes = await queryRows<{ table: string; index: string; columns: string[]; primary: boolean }>(
    db,
    sql`select t.relname as table, i.relname as index, x.indisprimary as primary,
               array(select a.attname::text
                       from unnest(x.indkey::int2[]) with ordinality as k(attnum, n)
                       left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
                      order by k.n) as columns
          from pg_index x
          join pg_class i on i.oid = x.indexrelid
          join pg_class t on t.oid = x.indrelid
          join pg_namespace s on s.oid = t.relnamespace
         where s.nspname = 'public' and x.indisunique`,
  );
  triggers = (
    await queryRows<{ name: string }>(
      db,
      sql`select c.relname || '.' || t.tgname as name
            from pg_trigger t
            join pg_class c on c.oid = t.tgrelid
            join pg_namespace s on s.oid = c.relnamespace
           where s.nspname = 'public' and not t.tgisinternal`,
    )
  ).map((r) => r.name);
  foreignKeys = await queryRows(
    db,
    sql`select c.conname as name, f.relname as from, r.relname as to,
               array(select a.attname::text from unnest(c.conkey) with ordinality as k(attnum, n)
                       join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
                      order by k.n) as "fromColumns",
               array(select a.attname::text from unnest(c.confkey) with ordinality as k(attnum, n)
                       join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum
                      order by k.n) as "toColumns"
          from pg_constraint c
          join pg_class f on f.oid = c.conrelid
          join pg_class r on r.oid = c.confrelid
          join pg_namespace s on s.oid = f.relnamespace
         where s.nspname = 'public' and c.contype = 'f'`,
  );
});
afterAll(() => database?.dispose());

function placementOf(table: string): Placement | null {
  if (DISTRIBUTED_TABLES.includes(table)) return 'distributed';
  if (REFERENCE_TABLES.includes(table)) return 'reference';
  if (LOCAL_TABLES.includes(table)) return 'local';
  return null;
}

describe('the Citus-ready schema', () => {
  it('places every table once, and lists no table the schema does not have', () => {
    const listed = [...DISTRIBUTED_TABLES, ...REFERENCE_TABLES, ...LOCAL_TABLES];
    expect(listed.filter((t, i) => listed.indexOf(t) !== i)).toEqual([]);
    expect(tables.filter((t) => placementOf(t) === null)).toEqual([]);
    expect(listed.filter((t) => !tables.includes(t))).toEqual([]);
  });

  it('gives every distributed table the distribution column, never null', () => {
    const lacking = DISTRIBUTED_TABLES.filter(
      (t) => !columns.some((c) => c.table === t && c.column === DISTRIBUTION_COLUMN && !c.nullable),
    );
    expect(lacking).toEqual([]);
  });

  it('puts the distribution column in every primary key and unique index of a distributed table', () => {
    // Citus enforces uniqueness shard by shard: a key without the column could not be checked.
    const lacking = uniqueIndexes
      .filter((i) => placementOf(i.table) === 'distributed' && !i.columns.includes(DISTRIBUTION_COLUMN))
      .map((i) => `${i.table}.${i.index} (${i.columns.join(', ')})`);
    expect(lacking).toEqual([]);
  });

  it('gives every distributed table a primary key', () => {
    // Logical replication (moving a shard to a new worker) needs a replica identity.
    const keyed = new Set(uniqueIndexes.filter((i) => i.primary).map((i) => i.table));
    expect(DISTRIBUTED_TABLES.filter((t) => !keyed.has(t))).toEqual([]);
  });

  it('joins distributed tables by foreign keys that pair the distribution column', () => {
    const unpaired = foreignKeys
      .filter((k) => placementOf(k.from) === 'distributed' && placementOf(k.to) === 'distributed')
      .filter((k) => {
        const at = k.fromColumns.indexOf(DISTRIBUTION_COLUMN);
        return at < 0 || k.toColumns[at] !== DISTRIBUTION_COLUMN;
      })
      .map((k) => `${k.name}: ${k.from} (${k.fromColumns.join(', ')}) → ${k.to} (${k.toColumns.join(', ')})`);
    expect(unpaired).toEqual([]);
  });

  it('has no foreign key that Citus refuses between placements', () => {
    // Allowed: distributed → distributed (co-located, above) or reference; reference → reference;
    // local → local or reference. Refused: anything → distributed from outside the group,
    // distributed → local, reference → local.
    const allowed: Record<Placement, Placement[]> = {
      distributed: ['distributed', 'reference'],
      reference: ['reference'],
      local: ['local', 'reference'],
    };
    const refused = foreignKeys
      .filter((k) => {
        const from = placementOf(k.from);
        const to = placementOf(k.to);
        return from !== null && to !== null && !allowed[from].includes(to);
      })
      .map((k) => `${k.name}: ${k.from} (${placementOf(k.from)}) → ${k.to} (${placementOf(k.to)})`);
    expect(refused).toEqual([]);
  });

  it('generates the identities of distributed tables as bigint', () => {
    // Citus gives each worker its own range of a bigint identity; it refuses a smaller type.
    const narrow = columns
      .filter((c) => c.identity && placementOf(c.table) === 'distributed' && c.type !== 'bigint')
      .map((c) => `${c.table}.${c.column} (${c.type})`);
    expect(narrow).toEqual([]);
  });

  it('knows what becomes of every trigger of a distributed table', () => {
    // Citus does not carry a table's triggers to its shards by itself, and refuses statement
    // triggers with transition tables there: each one needs its plan.
    const onDistributed = triggers
      .filter((t) => placementOf(t.split('.')[0] as string) === 'distributed')
      .sort();
    expect(onDistributed).toEqual(Object.keys(DISTRIBUTED_TABLE_TRIGGERS).sort());
  });
});
