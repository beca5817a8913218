import { randomUUID } from 'node:crypto';
import type { Database } from '@app/db';
import { z } from 'zod';
import { createApiKeySandbox, type SandboxRecord } from '../sandbox-kit/index.js';
import type { ServiceAnswer, ServiceCall } from '../service-http.js';
import type { SendGridTransport } from './core.js';
import { MAX_LISTS, SENDGRID_SLUG } from './settings.js';

/*
 * The SendGrid sandbox (decision 0103): the v3 calls the provider makes, answered from local state
 * in the sandbox tables through the sandbox kit, with SendGrid's statuses and error bodies
 * (`{ errors: [{ field, message }] }`). Any key starting with `sandbox-` opens its own sandbox
 * account (the documented one is `sandbox-sendgrid-key`) holding three demo lists; any other key is
 * SendGrid's 401. Contacts are upserted by e-mail (a repeated delivery is the same contact, its
 * lists united), into lists the account has (an unknown list id is refused), 202 with a job id as
 * SendGrid answers; no e-mail is ever sent.
 */

export const SENDGRID_SANDBOX_LISTS = [
  { id: '5b1f0c9e-0000-4000-8000-00000000a001', name: 'Sandbox: Newsletter' },
  { id: '5b1f0c9e-0000-4000-8000-00000000a002', name: 'Sandbox: New leads' },
  { id: '5b1f0c9e-0000-4000-8000-00000000a003', name: 'Sandbox: Follow up' },
] as const;

/** What a full-access key's `GET /v3/scopes` lists for Marketing (the sandbox grants these). */
const SANDBOX_SCOPES = [
  'marketing.read',
  'marketing.contacts.read',
  'marketing.contacts.write',
  'marketing.lists.read',
  'marketing.lists.write',
];

/** SendGrid's answer to a key it does not know. */
export const SENDGRID_BAD_KEY_MESSAGE = 'The provided authorization grant is invalid, expired, or revoked';

const refused = (status: number, message: string, field: string | null = null): ServiceAnswer => ({
  status,
  body: { errors: [{ field, message }] },
});

/** SendGrid's check of an e-mail (a contact's identifier): one @, a dot in the domain. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const text = (max: number) => z.string().max(max).optional();
const contactBody = z.object({
  list_ids: z.array(z.string().max(64)).max(MAX_LISTS).optional(),
  contacts: z
    .array(
      z.object({
        email: z.string().max(254),
        first_name: text(50),
        last_name: text(50),
        address_line_1: text(100),
        city: text(60),
        state_province_region: text(50),
        postal_code: text(60),
        phone_number: text(60),
      }),
    )
    .min(1)
    .max(30_000),
});

export function createSendGridSandbox(deps: { db: Database }): SendGridTransport & {
  /** The contacts of the account a key opens (tests read what a delivery wrote). */
  contacts(apiKey: string): Promise<SandboxRecord[]>;
} {
  const kit = createApiKeySandbox({
    db: deps.db,
    provider: SENDGRID_SLUG,
    accountName: 'Sandbox SendGrid account',
    demoRecords: SENDGRID_SANDBOX_LISTS.map((l) => ({
      kind: 'list',
      key: l.id,
      data: { ...l, sandbox: true },
    })),
  });

  async function lists(accountId: number, url: URL): Promise<ServiceAnswer> {
    const size = Number(url.searchParams.get('page_size') ?? 100);
    if (!Number.isInteger(size) || size < 1 || size > 1000)
      return refused(400, 'page_size must be an integer between 1 and 1000', 'page_size');
    const token = url.searchParams.get('page_token');
    const offset = token ? Number(Buffer.from(token, 'base64url').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) return refused(400, 'invalid page_token', 'page_token');
    const all = await kit.records.list(accountId, 'list');
    const contacts = await kit.records.list(accountId, 'contact');
    const page = all.slice(offset, offset + size);
    const self = `https://api.sendgrid.com/v3/marketing/lists?page_size=${size}`;
    const more = offset + size < all.length;
    return {
      status: 200,
      body: {
        result: page.map((l) => ({
          id: l.id,
          name: l.name,
          contact_count: contacts.filter((c) => (c.list_ids as string[] | undefined)?.includes(String(l.id)))
            .length,
          _metadata: { self: `https://api.sendgrid.com/v3/marketing/lists/${l.id}` },
        })),
        _metadata: {
          self,
          ...(more
            ? { next: `${self}&page_token=${Buffer.from(String(offset + size)).toString('base64url')}` }
            : {}),
          count: all.length,
        },
      },
    };
  }

  async function upsertContacts(accountId: number, body: unknown): Promise<ServiceAnswer> {
    const parsed = contactBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return refused(400, issue?.message ?? 'invalid request', issue?.path.join('.') || null);
    }
    const { contacts } = parsed.data;
    const listIds = [...new Set(parsed.data.list_ids ?? [])];
    const known = new Set((await kit.records.list(accountId, 'list')).map((l) => String(l.id)));
    if (listIds.some((id) => !known.has(id)))
      return refused(404, 'one or more list IDs are invalid', 'list_ids');
    const bad = contacts.findIndex((c) => !EMAIL.test(c.email.trim()));
    if (bad >= 0) return refused(400, 'email is not a valid email address', `contacts[${bad}].email`);
    for (const c of contacts) {
      const email = c.email.trim().toLowerCase();
      await kit.records.upsert(
        accountId,
        {
          kind: 'contact',
          key: email,
          data: { ...c, id: randomUUID(), email, list_ids: listIds, sandbox: true },
        },
        { unionArrays: ['list_ids'] },
      );
    }
    return { status: 202, body: { job_id: randomUUID() } };
  }

  async function call(apiKey: string, request: ServiceCall): Promise<ServiceAnswer> {
    if (!apiKey) return refused(401, 'authorization required');
    const opened = await kit.accounts.open(apiKey);
    if (!opened.ok) return refused(401, SENDGRID_BAD_KEY_MESSAGE);
    const accountId = opened.account.id;
    const url = new URL(request.path, 'https://api.sendgrid.com');
    const route = `${request.method} ${url.pathname}`;
    if (route === 'GET /v3/scopes') return { status: 200, body: { scopes: SANDBOX_SCOPES } };
    if (route === 'GET /v3/marketing/lists') return lists(accountId, url);
    if (route === 'PUT /v3/marketing/contacts') return upsertContacts(accountId, request.body);
    return refused(404, 'resource not found');
  }

  return {
    call,
    async contacts(apiKey) {
      const opened = await kit.accounts.open(apiKey);
      return opened.ok ? kit.records.list(opened.account.id, 'contact') : [];
    },
  };
}
