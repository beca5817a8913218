import { asc, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { companies, userLogs, users } from '../schema/index.js';
import { DEMO } from './demo-data.js';

/** How far back the demo's history goes. */
export const HISTORY_DAYS = 120;
const DAY = 86_400_000;

/**
 * Addresses of US consumer and business networks, one "home" per demo person, so the user logs
 * show where sign-ins came from (the offline GeoIP table places each of them in a US city).
 */
const HOME_IPS = [
  '24.14.0.10',
  '71.201.10.20',
  '73.162.0.1',
  '12.34.56.78',
  '128.101.101.101',
  '98.137.11.163',
  '76.21.5.6',
  '50.78.1.2',
  '68.44.10.20',
  '107.77.200.10',
  '172.58.10.10',
  '96.240.1.2',
  '47.150.3.4',
  '174.62.3.4',
];

/** A small seeded generator (mulberry32): the same history on every fresh database. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type LogRow = typeof userLogs.$inferInsert;

/** Sets `created_at` of many rows in one statement (ids and epoch milliseconds). */
async function redate(
  tx: Database,
  table: 'companies' | 'users',
  rows: readonly (readonly [number, number])[],
) {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map(([id, at]) => sql`(${id}::int, ${new Date(at).toISOString()}::timestamptz)`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${sql.identifier(table)} t set created_at = v.at from (values ${values}) v(id, at) where t.id = v.id`,
  );
}

/** Occasional work of staff, besides signing in: what, in which category, how often a day. */
const STAFF_WORK: readonly { action: LogRow['action']; category: string; text: string; rate: number }[] = [
  { action: 'profile_updated', category: 'settings', text: 'Updated the profile', rate: 0.02 },
  { action: 'branding_updated', category: 'settings', text: 'Updated the branding', rate: 0.015 },
  { action: 'client_updated', category: 'client', text: 'Updated a client', rate: 0.05 },
  { action: 'invitation_resent', category: 'user', text: 'Sent an invitation again', rate: 0.02 },
];

/**
 * About four months of demo history before `now`: the demo's companies and people are dated over
 * that time (in the order they were created), and each person signs in on most working days
 * (clients now and then) from their own address, with a wrong password now and then; agency and
 * platform staff also edit clients, branding and profiles. Every description ends "(demo
 * history)". Nothing here is money: the charts of configured fees read the agencies' dates only.
 *
 * Kept out of the tests' way: no history row names a person or company, acts for someone else,
 * or writes a settings entry for Summit (whose settings log a test reads whole).
 */
export async function seedHistory(tx: Database, now: Date): Promise<void> {
  const next = random(20_260_101);
  const start = now.getTime() - HISTORY_DAYS * DAY;
  const dayStart = (t: number) => t - (t % DAY);

  // Companies, oldest first in id order: the platform, then each agency before its clients.
  const companyRows = await tx
    .select({ id: companies.id, kind: companies.kind, name: companies.name })
    .from(companies)
    .where(isNull(companies.deletedAt))
    .orderBy(asc(companies.id));
  const createdAt = new Map<number, number>();
  companyRows.forEach((c, i) => {
    // Spread over the first three months; the last company arrives about a month ago.
    const at = start + Math.round((i / Math.max(1, companyRows.length - 1)) * 90 * DAY) + 9 * 3_600_000;
    createdAt.set(c.id, at);
  });
  await redate(tx, 'companies', [...createdAt]);

  const people = await tx
    .select({
      id: users.id,
      systemId: users.systemId,
      companyId: users.companyId,
      userType: users.userType,
    })
    .from(users)
    .orderBy(asc(users.id));
  const summit = companyRows.find((c) => c.name === DEMO.summit.name)?.id;

  // A person joins half an hour after their company (a minute apart, in id order).
  const joinedAt = (companyId: number, i: number) =>
    (createdAt.get(companyId) ?? start) + 1_800_000 + i * 60_000;
  const rows: LogRow[] = [];
  people.forEach((person, i) => {
    const joined = joinedAt(person.companyId, i);
    const ip = HOME_IPS[i % HOME_IPS.length] ?? '';
    const client = person.userType === 'client';
    const staff = !client && person.userType !== 'sales';
    const base = {
      systemId: person.systemId,
      companyId: person.companyId,
      userId: person.id,
      actorUserId: person.id,
      ip,
    };
    for (let day = dayStart(joined) + DAY; day < dayStart(now.getTime()); day += DAY) {
      const weekend = [0, 6].includes(new Date(day).getUTCDay());
      const chance = client ? 0.18 : weekend ? 0.12 : 0.7;
      if (next() >= chance) continue;
      // US working hours: 13:00–23:00 UTC.
      const at = day + Math.floor((13 + next() * 10) * 3_600_000);
      if (next() < 0.04)
        rows.push({
          ...base,
          action: 'login_failed',
          category: 'auth',
          description: 'Wrong password (demo history)',
          createdAt: new Date(at - 60_000),
        });
      rows.push({
        ...base,
        action: 'login',
        category: 'auth',
        description: 'Signed in (demo history)',
        createdAt: new Date(at),
      });
      if (!staff) continue;
      for (const work of STAFF_WORK) {
        if (next() >= work.rate) continue;
        if (work.category === 'settings' && person.companyId === summit) continue;
        rows.push({
          ...base,
          action: work.action,
          category: work.category,
          description: `${work.text} (demo history)`,
          createdAt: new Date(at + Math.floor(next() * 3_600_000)),
        });
      }
    }
  });
  await redate(
    tx,
    'users',
    people.map((person, i) => [person.id, joinedAt(person.companyId, i)]),
  );
  // Oldest first, so ids follow time like rows written by the running product.
  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await recordLastSignIns(tx, rows);
  for (let i = 0; i < rows.length; i += 500) await tx.insert(userLogs).values(rows.slice(i, i + 500));
}

/**
 * A person's last sign-in (what the lists' "Last Sign-in" read) is their latest sign-in of the
 * history, so a report never shows "Never" beside a month of sign-ins. `rows` is oldest first.
 */
async function recordLastSignIns(tx: Database, rows: readonly LogRow[]) {
  const last = new Map<number, { at: Date; ip: string }>();
  for (const row of rows)
    if (row.action === 'login' && row.userId)
      last.set(row.userId, { at: row.createdAt as Date, ip: row.ip ?? '' });
  if (last.size === 0) return;
  const values = sql.join(
    [...last].map(([id, { at, ip }]) => sql`(${id}::int, ${at.toISOString()}::timestamptz, ${ip}::text)`),
    sql`, `,
  );
  await tx.execute(
    sql`update users u set last_login_at = v.at, last_login_ip = v.ip from (values ${values}) v(id, at, ip) where u.id = v.id`,
  );
}
