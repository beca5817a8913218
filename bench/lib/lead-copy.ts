import { spawn } from 'node:child_process';
import { once } from 'node:events';
import type { DatabaseHandle } from '@app/db';

/*
 * Millions of leads into PostgreSQL for the lead report benchmark: generated rows COPY'd through
 * psql's stdin with back-pressure. The leads table's indexes and foreign key are dropped for the
 * load (one rebuild is much faster than keeping them per row) and recreated from their own
 * definitions; then the table is vacuumed and analysed (visibility map, statistics).
 */

export interface CopyCampaign {
  id: number;
  clientId: number;
  agencyId: number;
  systemId: number;
  module: string;
}

const FIRST = ['Ava', 'Liam', 'Mia', 'Noah', 'Zoe', 'Ethan', 'Ivy', 'Owen', 'Ruby', 'Leo'];
const LAST = ['Smith', 'Garcia', 'Chen', 'Patel', 'Nguyen', 'Brown', 'Lopez', 'Kim', 'Davis', 'Khan'];
const CITIES = ['Austin', 'Denver', 'Tampa', 'Boise', 'Omaha', 'Reno', 'Tulsa', 'Fresno'];

/** Each campaign's lead count: the large one its share, the rest by a weight falling with rank. */
export interface CopyShape {
  leads: number;
  /** The first campaign's share of every lead (the large one). */
  largeShare: number;
  /** Leads spread over this many days back from now. */
  days: number;
}

function leadsPerCampaign(campaigns: CopyCampaign[], shape: CopyShape): number[] {
  const LEADS = shape.leads;
  const large = Math.round(LEADS * shape.largeShare);
  const weights = campaigns.slice(1).map((_, i) => 1 / (1 + i / 40));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = [large, ...weights.map((w) => Math.floor(((LEADS - large) * w) / sum))];
  // What the rounding down left goes to the second campaign.
  counts[1] = (counts[1] ?? 0) + LEADS - counts.reduce((a, b) => a + b, 0);
  return counts;
}

/** A deterministic generator, so two runs seed the same people. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1_664_525 + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
}

const COPY_COLUMNS =
  'campaign_id, client_id, agency_id, system_id, module, identity_md5, claimed_at, source, first_name, last_name, emails, phones, street, city, state, zip, page_url, keyword, client_price_micros, wholesale_micros, root_fee_micros, created_at';

/**
 * COPY through psql's stdin, written with back-pressure. The leads table's indexes and foreign key
 * are dropped for the load (rebuilding them once is much faster than keeping them per row) and
 * recreated from their own definitions, then the table is analysed and vacuumed (visibility map).
 */
export async function copyLeads(
  handle: DatabaseHandle,
  url: string,
  campaigns: CopyCampaign[],
  large: CopyCampaign,
  shape: CopyShape,
): Promise<{ written: number; copySeconds: number; rebuildSeconds: number }> {
  const run = (text: string) => handle.sql.executeSql(text);
  const { rows: indexes } = await run(
    `select indexname, indexdef from pg_indexes where tablename = 'leads' and indexname <> 'leads_pkey'`,
  );
  const { rows: fks } = await run(
    `select conname, pg_get_constraintdef(oid) as def from pg_constraint
      where conrelid = 'leads'::regclass and contype = 'f'`,
  );
  for (const i of indexes) await run(`drop index ${i.indexname}`);
  for (const f of fks) await run(`alter table leads drop constraint ${f.conname}`);

  const psql = spawn(
    'psql',
    [url, '-q', '-v', 'ON_ERROR_STOP=1', '-c', `copy leads (${COPY_COLUMNS}) from stdin with (format csv)`],
    {
      stdio: ['pipe', 'inherit', 'inherit'],
    },
  );
  const next = random(42);
  const now = Date.now();
  const counts = leadsPerCampaign(campaigns, shape);
  let buffer = '';
  let written = 0;
  const started = performance.now();
  for (const [index, c] of campaigns.entries()) {
    const count = counts[index] ?? 0;
    const price = 500_000 + (index % 5) * 125_000;
    for (let i = 0; i < count; i++) {
      const first = FIRST[Math.floor(next() * FIRST.length)] ?? 'Ava';
      const last = LAST[Math.floor(next() * LAST.length)] ?? 'Smith';
      const at = new Date(now - Math.floor(next() * shape.days * 86_400_000)).toISOString();
      const n = written + i;
      const md5 = n.toString(16).padStart(32, '0');
      buffer += `${c.id},${c.clientId},${c.agencyId},${c.systemId},${c.module},${md5},${at},pixel,${first},${last},"{${first.toLowerCase()}.${last.toLowerCase()}${n}@example.test}","{+1555${String(n % 10_000_000).padStart(7, '0')}}",${n % 9999} Main St,${CITIES[n % CITIES.length]},TX,${String(10_000 + (n % 89_999))},https://site.example/p${n % 50},"",${price},300000,${c.id === large.id ? 0 : 50000},${at}\n`;
      if (buffer.length > 1 << 20) {
        if (!psql.stdin.write(buffer)) await once(psql.stdin, 'drain');
        buffer = '';
      }
    }
    written += count;
  }
  psql.stdin.end(buffer);
  const [code] = await once(psql, 'exit');
  if (code !== 0) throw new Error(`psql copy exited with ${code}`);
  const copySeconds = (performance.now() - started) / 1000;
  const rebuilt = performance.now();
  // One statement each with its own memory setting (the pool may hand out another connection).
  for (const i of indexes) await run(`set maintenance_work_mem = '256MB'; ${i.indexdef}`);
  for (const f of fks) await run(`alter table leads add constraint ${f.conname} ${f.def}`);
  await run('vacuum analyze leads');
  return { written, copySeconds, rebuildSeconds: (performance.now() - rebuilt) / 1000 };
}
