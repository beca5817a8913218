import { DEMO, DEMO_PASSWORD } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { gtoken, send } from '../../../test/sign-in.js';

/**
 * Issue 9 item 9: one sign-in in about forty answered 400 "Please confirm you are not a robot." with
 * the widget showing "Verified". The cause was the web form (decision 0023); these tests pin the
 * server's side: every fresh, solved challenge is accepted, every used one refused.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const accountExecutive = DEMO.master.accountExecutive.email;

const loginWith = (token: string, ip: string, password = DEMO_PASSWORD) =>
  send(
    rt,
    '/api/login',
    { username: accountExecutive, password, gtoken: token, domainName: 'localhost' },
    { ip },
  );

/** Sign-ins per client IP stay under the per-IP limit (60 in 5 minutes), which is not under test. */
const ipOf = (attempt: number) => `198.51.100.${1 + Math.floor(attempt / 50)}`;

describe('the bot check of POST /api/login', () => {
  it('accepts 200 sign-ins in a row, four at a time, each with a freshly solved challenge', async () => {
    const SIGN_INS = 200;
    const AT_ONCE = 4;
    const refused: string[] = [];
    for (let start = 0; start < SIGN_INS; start += AT_ONCE) {
      const attempts = Array.from({ length: AT_ONCE }, (_, i) => start + i);
      const answers = await Promise.all(
        attempts.map(async (attempt) => loginWith(await gtoken(rt), ipOf(attempt))),
      );
      for (const [i, res] of answers.entries()) {
        if (res.statusCode !== 200 || res.json().result !== 'success')
          refused.push(`#${attempts[i]}: ${res.statusCode} ${res.body}`);
      }
    }
    expect(refused).toEqual([]);
  }, 180_000);

  it('still refuses a solution sent a second time, whatever the first attempt answered', async () => {
    // A wrong password uses the answer up too: the web form must solve a fresh challenge to retry.
    const token = await gtoken(rt);
    const wrong = await loginWith(token, '198.51.100.101', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    const retried = await loginWith(token, '198.51.100.101');
    expect(retried.statusCode).toBe(400);
    expect(retried.json().error).toMatchObject({
      code: 'bot_check_failed',
      message: 'Please confirm you are not a robot.',
    });
    // And so does a replay of an accepted one, also sent concurrently.
    const fresh = await gtoken(rt);
    const both = await Promise.all([loginWith(fresh, '198.51.100.102'), loginWith(fresh, '198.51.100.103')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });
});
