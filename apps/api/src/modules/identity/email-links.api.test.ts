import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { clientPayload, PEOPLE, type Who, who } from '../../../test/kits/users.js';
import { gtoken, lastEmailIdTo, lastEmailTo, nextEmailTo } from '../../../test/sign-in.js';

/**
 * Decision 0019: links in e-mails point only at hosts the server knows for the recipient (system
 * domain, the agency's subdomain, its active custom domain), with the deployment's scheme and port
 * (here the defaults: http and the listening port 3000). Nothing of the request goes into a link.
 */
let rt: TestRuntime;
let northwind: Who;
beforeAll(async () => {
  rt = await startTestRuntime();
  northwind = await who(rt, PEOPLE.northwind);
});
afterAll(() => rt?.close());

const ATTACKER = { origin: 'https://evil.example', host: 'evil.example:6666' };

/** A dt-sealed POST with the headers an attacker controls. */
async function postAs(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: { token?: string; ip?: string } = {},
) {
  return rt.app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...headers,
    },
    remoteAddress: options.ip ?? '10.77.0.1',
    payload: JSON.stringify({ dt: await rt.seal(body) }),
  });
}

const nextMailTo = (to: string, afterId: number) => nextEmailTo(rt, to, afterId);
const lastIdTo = (to: string) => lastEmailIdTo(rt, to);
const linkIn = (text: string) => text.match(/(\S+)\/set-new-password\/\S+/)?.[1];

describe('password reset links', () => {
  it('point at the account’s own host, whatever domainName, Host and Origin say', async () => {
    const email = DEMO.northwind.clients[0].contact.email;
    const before = await lastIdTo(email);
    const res = await postAs(
      '/api/forgetpass',
      { username: email, gtoken: await gtoken(rt, 'evil.example'), domainName: 'evil.example' },
      ATTACKER,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await nextMailTo(email, before);
    // Northwind's custom domain is active, so its people are sent there; never to evil.example.
    expect(linkIn(mail.textBody)).toBe('http://leads.northwind.test:3000');
    expect(mail.textBody).not.toContain('evil.example');
  });

  it('keep the host the person was on when it is one of theirs (the agency subdomain)', async () => {
    const email = DEMO.northwind.clients[1].contact.email;
    const before = await lastIdTo(email);
    const res = await postAs(
      '/api/forgetpass',
      {
        username: email,
        gtoken: await gtoken(rt, 'northwind.localhost'),
        domainName: 'northwind.localhost',
      },
      { origin: 'http://northwind.localhost:9999', host: 'northwind.localhost:9999' },
    );
    expect(res.statusCode, res.body).toBe(200);
    // Scheme and port are the deployment's, not the Origin's.
    expect(linkIn((await nextMailTo(email, before)).textBody)).toBe('http://northwind.localhost:3000');
  });

  it('use the system domain for system staff, even when asked from an agency host', async () => {
    const email = DEMO.master.sales.email;
    const before = await lastIdTo(email);
    const res = await postAs(
      '/api/forgetpass',
      {
        username: email,
        gtoken: await gtoken(rt, 'northwind.localhost'),
        domainName: 'northwind.localhost',
      },
      ATTACKER,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(linkIn((await nextMailTo(email, before)).textBody)).toBe('http://localhost:3000');
  });
});

describe('invitation links', () => {
  it('point at the invitee’s host when an agency owner invites from a forged Host and Origin', async () => {
    const body = clientPayload(northwind.company, northwind.system, 'links-a');
    const res = await postAs('/api/configuration/user/create', body, ATTACKER, { token: northwind.token });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastEmailTo(rt, body.ClientEmail);
    expect(mail?.subject).toContain('invited');
    expect(linkIn(mail?.textBody ?? '')).toBe('http://leads.northwind.test:3000');
    expect(mail?.textBody).not.toContain('evil.example');
    expect(mail?.textBody).not.toContain('6666');
  });

  it('keep the agency subdomain the owner works on, with the deployment’s port', async () => {
    const body = clientPayload(northwind.company, northwind.system, 'links-b');
    const res = await postAs(
      '/api/configuration/user/create',
      body,
      { origin: 'http://northwind.localhost:9999', host: 'northwind.localhost:9999' },
      { token: northwind.token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await lastEmailTo(rt, body.ClientEmail);
    expect(linkIn(mail?.textBody ?? '')).toBe('http://northwind.localhost:3000');
  });
});

describe('forgot password: no account probing by answer or timing', () => {
  it('takes the same steps for an existing and an unknown account: one job, same answer', async () => {
    const before = await lastIdTo(DEMO.master.accountExecutive.email);
    const enqueue = vi.spyOn(rt.queue, 'enqueue');
    try {
      const ask = async (username: string, ip: string) => {
        enqueue.mockClear();
        const res = await postAs(
          '/api/forgetpass',
          { username, gtoken: await gtoken(rt), domainName: 'localhost' },
          {},
          { ip },
        );
        return {
          status: res.statusCode,
          body: res.body,
          jobs: enqueue.mock.calls.map(([job, payload]) => ({
            job: job.name,
            keys: Object.keys(payload as object),
          })),
        };
      };
      const existing = await ask(DEMO.master.accountExecutive.email, '10.77.1.1');
      const unknown = await ask('nobody-here@nowhere.test', '10.77.1.2');
      expect(existing.status).toBe(200);
      expect(unknown).toEqual(existing);
      // The token and the mail are the job's work, so the request does as much for a missing account.
      expect(existing.jobs).toEqual([
        { job: 'identity.password-reset-link', keys: ['systemId', 'email', 'ip', 'host'] },
      ]);
    } finally {
      enqueue.mockRestore();
    }
    // The job still mails the existing account (and nobody else).
    const mail = await nextMailTo(DEMO.master.accountExecutive.email, before);
    expect(linkIn(mail.textBody)).toBe('http://localhost:3000');
    expect(await lastEmailTo(rt, 'nobody-here@nowhere.test')).toBeUndefined();
  });
});
