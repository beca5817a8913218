import { createServer } from 'node:net';
import { DEMO } from '@app/db';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { demoPrincipal } from '../../../demo/demo-principal.js';
import { newSigningSecret } from './index.js';
import { INBOX_PATH, type SandboxInbox } from './sandbox-inbox.js';

/*
 * The sandbox webhook inbox (decision 0107): the one loopback address the webhook provider may
 * reach is this deployment's own inbox path; the inbox verifies signatures and keeps a webhook-id once.
 */

let rt: TestRuntime;
let port: number;
let inbox: SandboxInbox;
beforeAll(async () => {
  port = await freePort();
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false', PORT: String(port) });
  await rt.app.listen({ port, host: '127.0.0.1' });
  const served = rt.services.integrations.inbox;
  if (!served) throw new Error('the sandbox inbox is off');
  inbox = served;
});
afterAll(() => rt?.close());

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const signed = (secret: string, id: string, body: string, at = new Date()) => ({
  'content-type': 'application/json',
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
  'webhook-signature': new Webhook(secret).sign(id, at, body),
});

describe('sandbox webhook inbox', () => {
  it('lets through only this deployment’s own inbox addresses', async () => {
    const { url } = await inbox.create('Inbox for the address test');
    const token = url.slice(url.lastIndexOf('/') + 1);
    expect(inbox.accepts(new URL(url))).toBe(true);
    expect(inbox.accepts(new URL(`http://localhost:${port}${INBOX_PATH}${token}`))).toBe(true);
    for (const other of [
      `http://127.0.0.1:${port + 1}${INBOX_PATH}${token}`, // another local port
      `http://127.0.0.2:${port}${INBOX_PATH}${token}`, // another loopback address
      `http://[::1]:${port}${INBOX_PATH}${token}`,
      `https://127.0.0.1:${port}${INBOX_PATH}${token}`,
      `http://127.0.0.1:${port}${INBOX_PATH}${token}?x=1`,
      `http://127.0.0.1:${port}${INBOX_PATH}inbox_short`,
      `http://127.0.0.1:${port}/api/users${INBOX_PATH}${token}`,
      `http://127.0.0.1:${port}${INBOX_PATH}${token}/../../api/users`,
    ])
      expect(inbox.accepts(new URL(other)), other).toBe(false);
  });

  it('refuses to connect a webhook to any other local address', async () => {
    const { url } = await inbox.create('Inbox for the connect test');
    const client = rt.services.integrations.manage;
    const owner = await demoPrincipal(rt.database.db, DEMO.northwind.clients[0].contact.email);
    if (!owner) throw new Error('the demo client is not there');
    await expect(
      client.save(
        owner,
        {
          company_id: owner.companyId,
          slug: 'webhook',
          settings: { url: `http://127.0.0.1:${port + 1}/hook` },
        },
        '127.0.0.1',
      ),
    ).rejects.toThrow(/loopback/);
    const saved = await client.save(
      owner,
      { company_id: owner.companyId, slug: 'webhook', settings: { url } },
      '127.0.0.1',
    );
    expect(saved.result).toBe('success');
  });

  it('verifies signatures, keeps a webhook-id once and shows what arrived', async () => {
    const { url, token } = await inbox.create('Inbox for the receipt test');
    const path = new URL(url).pathname;
    const secret = newSigningSecret();
    const body = JSON.stringify({
      type: 'lead.created',
      timestamp: new Date().toISOString(),
      data: {
        first_name: 'Ivy',
        last_name: 'Inbox',
        emails: ['ivy@example.com'],
        campaign: { name: 'Spring' },
      },
    });

    // Before it knows the secret it cannot verify: the sender is asked to come back.
    let answer = await rt.app.inject({
      method: 'POST',
      url: path,
      headers: signed(secret, 'msg_1', body),
      payload: body,
    });
    expect(answer.statusCode).toBe(503);

    await inbox.trust(token, secret);
    answer = await rt.app.inject({
      method: 'POST',
      url: path,
      headers: signed(newSigningSecret(), 'msg_1', body),
      payload: body,
    });
    expect(answer.statusCode).toBe(401);
    answer = await rt.app.inject({
      method: 'POST',
      url: path,
      headers: signed(secret, 'msg_1', body, new Date(Date.now() - 60 * 60_000)),
      payload: body,
    });
    expect(answer.statusCode).toBe(401); // an hour old: a replayed request
    for (let i = 0; i < 3; i++) {
      answer = await rt.app.inject({
        method: 'POST',
        url: path,
        headers: signed(secret, 'msg_1', body),
        payload: body,
      });
      expect(answer.statusCode).toBe(204);
    }
    expect(await inbox.received(token)).toEqual([
      expect.objectContaining({
        webhookId: 'msg_1',
        type: 'lead.created',
        lead: { name: 'Ivy Inbox', emails: ['ivy@example.com'], campaign: 'Spring', test: false },
      }),
    ]);

    const page = await rt.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('Ivy Inbox');
    const unknown = `${INBOX_PATH}inbox_${'x'.repeat(32)}`;
    expect((await rt.app.inject({ url: unknown })).statusCode).toBe(404);
    expect(
      (
        await rt.app.inject({
          method: 'POST',
          url: unknown,
          headers: signed(secret, 'msg_2', body),
          payload: body,
        })
      ).statusCode,
    ).toBe(404);
  });
});
