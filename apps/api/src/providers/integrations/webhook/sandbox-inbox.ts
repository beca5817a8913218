import { randomBytes } from 'node:crypto';
import { type Database, queryRows, sql } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import { escapeHtml, sandboxPage, sandboxPageHeaders } from '../../../lib/sandbox-page.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import { PUBLIC } from '../../../plugins/access.js';
import { createGuardedHttp, type GuardedHttp } from '../../outbound/guarded-http.js';

/*
 * The sandbox webhook inbox (decision 0107): a receiver the product itself serves, so a demo client's
 * webhook integration has somewhere real to send its leads on a machine that may reach nothing else.
 * Deliveries to it are real HTTP through the same webhook provider (signed, retried, recorded in the
 * console); the inbox verifies each signature with the standardwebhooks library, as a receiver
 * should, keeps each webhook-id once, and shows what arrived on a page labelled Sandbox.
 *
 * The outbound guard refuses loopback, so the inbox is let through by exact match only: this
 * deployment's own port on 127.0.0.1 or localhost, the inbox path and a well-formed token; such a URL
 * is sent on an HTTP client that may reach loopback and nothing else. Every other URL keeps the guard.
 * The token is the inbox's only key (unguessable, like a request bin's address): it is stored as the
 * account's external id in the generic sandbox tables, with the signing secret sealed beside it.
 */

export const INBOX_PATH = '/sandbox/webhook-inbox/';
const TOKEN = /^inbox_[A-Za-z0-9_-]{32}$/;
const PROVIDER = 'webhook';
const SHOWN = 100;
const BODY_LIMIT = 256 * 1024;

const newToken = () => `inbox_${randomBytes(24).toString('base64url')}`;

export interface SandboxInbox {
  /** True for a URL addressed to one of this deployment's inboxes (then sent through `http`). */
  accepts(url: URL): boolean;
  /** The HTTP client for inbox URLs: loopback only. */
  http: GuardedHttp;
  /** A new inbox: its URL (on 127.0.0.1 and this deployment's port) and its page's path. */
  create(name: string): Promise<{ token: string; url: string }>;
  /** Gives the inbox the webhook's signing secret, so it verifies what it receives. */
  trust(token: string, signingSecret: string): Promise<void>;
  /** What the inbox kept, newest first (the tests and the page read it). */
  received(token: string): Promise<ReceivedWebhook[]>;
  page: FastifyPluginAsyncZod;
  close(): Promise<void>;
}

export interface ReceivedWebhook {
  webhookId: string;
  receivedAt: string;
  type: string;
  lead: { name: string; emails: string[]; campaign: string; test: boolean };
  body: string;
}

export function createSandboxInbox(deps: { db: Database; secrets: SecretBox; port: number }): SandboxInbox {
  const { db } = deps;
  const http = createGuardedHttp({
    permit: (_address, kind) => kind === 'loopback',
    connectionsPerOrigin: 8,
    label: 'The sandbox webhook inbox',
  });

  async function inboxOf(token: string) {
    if (!TOKEN.test(token)) return null;
    const [inbox] = await queryRows<{ id: number; name: string; secret: string | null }>(
      db,
      sql`select id, name, data->>'secret' as secret from sandbox_integration_accounts
          where provider = ${PROVIDER} and external_id = ${token}`,
    );
    return inbox ?? null;
  }

  async function received(token: string): Promise<ReceivedWebhook[]> {
    const inbox = await inboxOf(token);
    if (!inbox) return [];
    const rows = await queryRows<{ data: ReceivedWebhook }>(
      db,
      sql`select data from sandbox_integration_records
          where account_id = ${inbox.id} and kind = 'webhook' order by id desc limit ${SHOWN}`,
    );
    return rows.map((r) => r.data);
  }

  const page: FastifyPluginAsyncZod = async (app) => {
    // The signature is over the exact bytes sent: the body is kept as text, parsed only after.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    const params = z.object({ token: z.string().max(64) });

    app.post(
      `${INBOX_PATH}:token`,
      // A receiver takes the sender's JSON as it is sent (no dt envelope: that is the web app's).
      { config: { access: PUBLIC, envelope: false }, schema: { params, hide: true } },
      async (request, reply) => {
        const inbox = await inboxOf(request.params.token);
        if (!inbox) return reply.code(404).send({ error: 'No such inbox.' });
        // Not ready to verify yet: the sender keeps the lead and tries again later.
        if (!inbox.secret) return reply.code(503).send({ error: 'The inbox has no signing secret yet.' });
        const body = typeof request.body === 'string' ? request.body : '';
        const headers = {
          'webhook-id': String(request.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(request.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(request.headers['webhook-signature'] ?? ''),
        };
        let event: { type?: string; data?: Record<string, unknown> };
        try {
          event = new Webhook(await deps.secrets.open(inbox.secret)).verify(body, headers) as typeof event;
        } catch {
          return reply.code(401).send({ error: 'The signature does not verify.' });
        }
        const data = (event.data ?? {}) as {
          first_name?: string;
          last_name?: string;
          emails?: string[];
          campaign?: { name?: string };
          test?: boolean;
        };
        const kept: ReceivedWebhook = {
          webhookId: headers['webhook-id'],
          receivedAt: new Date().toISOString(),
          type: String(event.type ?? ''),
          lead: {
            name: `${data.first_name ?? ''} ${data.last_name ?? ''}`.trim(),
            emails: Array.isArray(data.emails) ? data.emails.map(String) : [],
            campaign: String(data.campaign?.name ?? ''),
            test: data.test === true,
          },
          body,
        };
        // A webhook-id seen before is the same lead sent again: kept once, acknowledged again.
        await db.execute(
          sql`insert into sandbox_integration_records (provider, account_id, kind, idempotency_key, data)
              values (${PROVIDER}, ${inbox.id}, 'webhook', ${kept.webhookId}, ${JSON.stringify(kept)}::jsonb)
              on conflict (provider, account_id, idempotency_key) where idempotency_key is not null do nothing`,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      `${INBOX_PATH}:token`,
      { config: { access: PUBLIC }, schema: { params, hide: true } },
      async (request, reply) => {
        const inbox = await inboxOf(request.params.token);
        reply.headers(sandboxPageHeaders()).type('text/html; charset=utf-8');
        if (!inbox) return reply.code(404).send(view('No such inbox', '<p>This inbox does not exist.</p>'));
        return view(inbox.name, inboxBody(await received(request.params.token)));
      },
    );
  };

  return {
    accepts(url) {
      return (
        url.protocol === 'http:' &&
        (url.hostname === '127.0.0.1' || url.hostname === 'localhost') &&
        url.port === String(deps.port) &&
        url.search === '' &&
        url.pathname.startsWith(INBOX_PATH) &&
        TOKEN.test(url.pathname.slice(INBOX_PATH.length))
      );
    },
    http,
    async create(name) {
      const token = newToken();
      await db.execute(
        sql`insert into sandbox_integration_accounts (provider, external_id, name, data)
            values (${PROVIDER}, ${token}, ${name}, '{"sandbox": true}'::jsonb)`,
      );
      return { token, url: `http://127.0.0.1:${deps.port}${INBOX_PATH}${token}` };
    },
    async trust(token, signingSecret) {
      const sealed = await deps.secrets.seal(signingSecret);
      await db.execute(
        sql`update sandbox_integration_accounts
            set data = data || jsonb_build_object('secret', ${sealed}::text)
            where provider = ${PROVIDER} and external_id = ${token}`,
      );
    },
    received,
    page,
    close: () => http.close(),
  };
}

const view = (title: string, body: string) =>
  sandboxPage({
    title,
    banner: 'SANDBOX: a webhook receiver inside this product, for trying integrations. Not a real service.',
    body,
    width: 64,
    style: `
  table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
  th, td { text-align: left; padding: 0.4rem 0.5rem; border-bottom: 1px solid #e5e7eb; vertical-align: top; }
  pre { background: #f3f4f6; padding: 0.75rem; overflow-x: auto; font-size: 0.8rem; }`,
  });

/** A body as a person reads it: indented JSON (it was verified as the exact bytes sent). */
function indented(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

function inboxBody(items: ReceivedWebhook[]): string {
  if (items.length === 0)
    return '<p>Nothing has arrived yet. Leads appear here as the webhook integration delivers them.</p>';
  const rows = items
    .map(
      (i) => `<tr><td>${escapeHtml(i.receivedAt.replace('T', ' ').slice(0, 19))} UTC</td>
<td>${escapeHtml(i.lead.test ? `${i.lead.name} (test payload)` : i.lead.name)}</td>
<td>${escapeHtml(i.lead.emails.join(', '))}</td><td>${escapeHtml(i.lead.campaign)}</td>
<td><code>${escapeHtml(i.webhookId)}</code></td></tr>`,
    )
    .join('\n');
  return `<p>${items.length === SHOWN ? `The latest ${SHOWN}` : items.length} webhook${
    items.length === 1 ? '' : 's'
  } received, each signature verified with the integration's signing secret (Standard Webhooks); a repeated webhook-id is kept once.</p>
<table><thead><tr><th>Received</th><th>Lead</th><th>E-mail</th><th>Campaign</th><th>webhook-id</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>The latest body</h2><pre>${escapeHtml(indented(items[0]?.body ?? ''))}</pre>`;
}
