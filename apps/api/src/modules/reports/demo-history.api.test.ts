import { DEMO, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

/** The demo seed's history (packages/db seed/history.ts), as the charts and the logs show it. */
let rt: TestRuntime;
let root: { token: string; companyId: number };
let owner: { token: string; companyId: number };

beforeAll(async () => {
  rt = await startTestRuntime();
  const person = async (email: string) => {
    const [row] = await rt.database.db.select().from(users).where(eq(users.email, email));
    return { token: (await signIn(rt, email, { ip: '10.4.0.1' })).access_token, companyId: row!.companyId };
  };
  root = await person(DEMO.master.rootUser.email);
  owner = await person(DEMO.northwind.owner.email);
});
afterAll(() => rt?.close());

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
type Point = { date: string; value: number };
const daysWith = (series: Point[]) => series.filter((p) => p.value > 0).length;

describe('the demo’s history', () => {
  it('gives the root’s Report Analytics about four months of sign-ins and companies created over time', async () => {
    const res = await rt.app.inject({
      url: `/api/configuration/report-analytics/${day(-125)}/${day(0)}/${root.companyId}/0`,
      headers: bearer(root.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Sign-ins on most working days of the period, not only today.
    expect(daysWith(body.series.sign_ins)).toBeGreaterThan(60);
    expect(body.series.sign_ins.slice(0, 40).some((p: Point) => p.value > 0)).toBe(true);
    // The demo's agencies and clients arrived on different days, weeks apart.
    expect(daysWith(body.series.agencies_created)).toBeGreaterThanOrEqual(2);
    expect(daysWith(body.series.clients_created)).toBeGreaterThanOrEqual(3);
    expect(body.totals.sign_ins).toBeGreaterThan(200);
  });

  it('shows its sign-ins in the logs with a location and marked as demo history', async () => {
    const res = await send(
      rt,
      '/api/configuration/user/log-user',
      { companyID: owner.companyId, log_date_range: `${day(-120)} - ${day(-1)}`, user_type: 'root' },
      { token: owner.token, ip: '10.4.0.2' },
    );
    expect(res.statusCode, res.body).toBe(200);
    const { data, total } = res.json();
    expect(total).toBeGreaterThan(30);
    const signIn = data.find((r: { action_id: string }) => r.action_id === 'login');
    expect(signIn).toMatchObject({ action: 'Signed in', description: 'Signed in (demo history)' });
    expect(signIn.location).toMatch(/^[^,]+, [^,]+, US$/);
  });
});
