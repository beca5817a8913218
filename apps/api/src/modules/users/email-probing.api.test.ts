import { EMAIL_TAKEN, EMAIL_UNAVAILABLE } from '@app/contracts';
import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { clientPayload, PEOPLE, post, put, userByEmail, type Who, who } from '../../../test/kits/users.js';

/**
 * Decision 0019: an e-mail address is unique per system, so creating or editing a person with an
 * address someone else holds must fail; the answer says "already registered" only when the caller may
 * see that someone. Otherwise it is neutral, and only a few such refusals per person and hour.
 */
let rt: TestRuntime;
let root: Who;
let northwind: Who;
beforeAll(async () => {
  rt = await startTestRuntime();
  root = await who(rt, PEOPLE.root);
  northwind = await who(rt, PEOPLE.northwind);
});
afterAll(() => rt?.close());

const createClient = (tag: string, email: string, token = northwind.token) =>
  post(
    rt,
    '/configuration/user/create',
    clientPayload(northwind.company, northwind.system, tag, { ClientEmail: email }),
    token,
  );

describe('taken e-mail addresses', () => {
  it('an agency is told "already registered" only for people it may see', async () => {
    const own = await createClient('own', DEMO.northwind.clients[0].contact.email);
    expect(own.statusCode).toBe(400);
    expect(own.json().error.message).toBe(EMAIL_TAKEN);

    // Another agency's owner and the platform's staff are outside Northwind's scope.
    for (const email of [DEMO.summit.owner.email, DEMO.master.sales.email]) {
      const res = await createClient('foreign', email);
      expect(res.statusCode, email).toBe(400);
      expect(res.json().error).toMatchObject({
        message: EMAIL_UNAVAILABLE,
        fields: { ClientEmail: EMAIL_UNAVAILABLE },
      });
      expect(res.body).not.toContain('registered');
    }
  });

  it('the same on update: a client’s new address held by another tenant is refused neutrally', async () => {
    const client = await userByEmail(rt, DEMO.northwind.clients[1].contact.email);
    const res = await put(
      rt,
      '/configuration/user/update',
      { ClientID: client.id, companyID: northwind.company, ClientEmail: DEMO.summit.owner.email },
      northwind.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EMAIL_UNAVAILABLE);
  });

  it('system staff see the whole system, so they are told plainly', async () => {
    const res = await createClient('by-root', DEMO.summit.owner.email, root.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(EMAIL_TAKEN);
  });

  it('limits refusals for addresses outside the caller’s scope: probing is slow', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await createClient(`probe-${i}`, DEMO.summit.owner.email)).statusCode);
    // Ten per person and hour (three were used above), then 429.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(statuses.at(-1)).toBe(429);
    // A free address still works for the same person.
    const ok = await createClient('after-probing', 'after.probing@example.test');
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
