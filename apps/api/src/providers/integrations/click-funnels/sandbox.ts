import { randomInt } from 'node:crypto';
import type { Database } from '@app/db';
import { z } from 'zod';
import { createApiKeySandbox, type SandboxAccount, type SandboxRecord } from '../sandbox-kit/index.js';
import type { ServiceAnswer, ServiceCall } from '../service-http.js';
import type { CfTarget, CfTransport } from './core.js';
import { CF_SANDBOX_ACCOUNT, CF_SLUG } from './settings.js';

/*
 * The ClickFunnels sandbox (decision 0104): the API paths the provider calls, answered from local
 * state in the sandbox tables (through the sandbox kit) with ClickFunnels' statuses and bodies. A
 * `sandbox-` API key opens its own sandbox team (subdomain `sandbox`) with one workspace (1001, public
 * id `sbxWs1`) and three demo tags; another subdomain or an unknown key is 401, another workspace or
 * contact or tag 404, a malformed e-mail or a taken tag name 422. Contacts are upserted by e-mail;
 * applied tags are their own records (ClickFunnels' Contacts::AppliedTag), one per contact and tag.
 */

const WORKSPACE = { id: Number(CF_SANDBOX_ACCOUNT.workspaceId), public_id: 'sbxWs1' };
const DEMO_TAGS = [
  { id: 2001, name: 'Sandbox: new lead' },
  { id: 2002, name: 'Sandbox: webinar' },
  { id: 2003, name: 'Sandbox: customer' },
];
const PAGE = 20;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const answer = (status: number, body: unknown): ServiceAnswer => ({ status, body });
const notFound = () => answer(404, { error: 'Not found' });
const invalid = (field: string, message: string) => answer(422, { errors: { [field]: [message] } });
const newNumericId = () => randomInt(10_000, 2_000_000_000);

const contactBody = z.object({
  contact: z.object({
    email_address: z.string().max(320).optional(),
    first_name: z.string().max(255).optional(),
    last_name: z.string().max(255).optional(),
    phone_number: z.string().max(40).optional(),
    tag_ids: z.array(z.unknown()).optional(),
  }),
});

const tagView = (t: SandboxRecord) => ({
  id: t.id,
  public_id: `sbxTag${t.id}`,
  name: t.name,
  color: t.color,
  workspace_id: WORKSPACE.id,
});

export function createClickFunnelsSandbox(deps: { db: Database }): CfTransport {
  const kit = createApiKeySandbox({
    db: deps.db,
    provider: CF_SLUG,
    accountName: 'Sandbox ClickFunnels team',
    demoRecords: [
      {
        kind: 'workspace',
        key: String(WORKSPACE.id),
        data: {
          ...WORKSPACE,
          name: 'Sandbox workspace',
          subdomain: CF_SANDBOX_ACCOUNT.subdomain,
          sandbox: true,
        },
      },
      ...DEMO_TAGS.map((t) => ({
        kind: 'tag',
        key: t.name.toLowerCase(),
        data: { ...t, color: '#59b0a8', sandbox: true },
      })),
    ],
  });
  const { records } = kit;

  /** The contact as ClickFunnels shows it, with the tags applied to it. */
  async function contactView(account: SandboxAccount, contact: SandboxRecord) {
    const applied = await records.where(account.id, 'applied_tag', 'contact_id', String(contact.id));
    const tags = await records.list(account.id, 'tag');
    const ids = new Set(applied.map((a) => String(a.tag_id)));
    return {
      id: contact.id,
      public_id: `sbxCt${contact.id}`,
      workspace_id: WORKSPACE.id,
      email_address: contact.email_address,
      first_name: contact.first_name ?? null,
      last_name: contact.last_name ?? null,
      phone_number: contact.phone_number ?? null,
      created_at: contact.created_at,
      tags: tags.filter((t) => ids.has(String(t.id))).map(tagView),
    };
  }

  async function listTags(account: SandboxAccount, after: string | null) {
    const all = (await records.list(account.id, 'tag')).sort((a, b) => Number(a.id) - Number(b.id));
    const from = after === null ? all : all.filter((t) => Number(t.id) > Number(after));
    return answer(200, from.slice(0, PAGE).map(tagView));
  }

  async function createTag(account: SandboxAccount, body: unknown) {
    const name = z
      .object({ contacts_tag: z.object({ name: z.string() }) })
      .safeParse(body)
      .data?.contacts_tag.name.trim();
    if (!name) return invalid('name', "can't be blank");
    if (name.length > 255) return invalid('name', 'is too long (maximum is 255 characters)');
    if (await records.find(account.id, 'tag', name.toLowerCase()))
      return invalid('name', 'has already been taken');
    const made = await records.upsert(account.id, {
      kind: 'tag',
      key: name.toLowerCase(),
      data: { id: newNumericId(), name, color: '#3b82f6', sandbox: true },
    });
    // Another delivery made it a moment ago: ClickFunnels says taken.
    if (!made.inserted) return invalid('name', 'has already been taken');
    return answer(201, tagView(made.record));
  }

  async function upsertContact(account: SandboxAccount, body: unknown, key: string | undefined) {
    const parsed = contactBody.safeParse(body);
    if (!parsed.success) return answer(400, { error: 'param is missing or the value is empty: contact' });
    const c = parsed.data.contact;
    const email = c.email_address?.trim().toLowerCase() ?? '';
    if (!email) return invalid('email_address', "can't be blank");
    if (!EMAIL.test(email)) return invalid('email_address', 'is invalid');
    // Replacing a contact's tags through the upsert is not played by the sandbox: applied tags are.
    if (c.tag_ids && c.tag_ids.length > 0) return invalid('tag_ids', 'are not supported by the sandbox');
    const id = newNumericId();
    const { record, inserted } = await records.upsert(account.id, {
      kind: 'contact',
      key: email,
      data: {
        id,
        email_address: email,
        first_name: c.first_name,
        last_name: c.last_name,
        phone_number: c.phone_number,
        last_delivery_key: key,
        sandbox: true,
      },
    });
    return answer(inserted ? 201 : 200, await contactView(account, record));
  }

  async function applyTag(account: SandboxAccount, contactId: string, body: unknown) {
    const [contact] = await records.where(account.id, 'contact', 'id', contactId);
    if (!contact) return notFound();
    const tagId = z.object({ contacts_applied_tag: z.object({ tag_id: z.number().int() }) }).safeParse(body)
      .data?.contacts_applied_tag.tag_id;
    if (tagId === undefined) return invalid('tag_id', 'is not a number');
    const [tag] = await records.where(account.id, 'tag', 'id', tagId);
    if (!tag) return notFound();
    const key = `${contact.id}:${tag.id}`;
    if (await records.find(account.id, 'applied_tag', key))
      return invalid('tag_id', 'has already been taken');
    const id = newNumericId();
    const made = await records.upsert(account.id, {
      kind: 'applied_tag',
      key,
      data: { id, contact_id: contact.id, tag_id: tag.id, sandbox: true },
    });
    if (!made.inserted) return invalid('tag_id', 'has already been taken');
    return answer(201, { id, contact_id: contact.id, tag_id: tag.id, created_at: made.record.created_at });
  }

  return {
    async call(target: CfTarget, request: ServiceCall): Promise<ServiceAnswer> {
      const opened = await kit.accounts.open(target.apiKey);
      // A key is a team's, valid on its own host only.
      if (!opened.ok || target.subdomain !== CF_SANDBOX_ACCOUNT.subdomain)
        return answer(401, { error: 'Unauthorized' });
      const { account } = opened;
      const url = new URL(request.path, 'http://sandbox.invalid');
      const [resource, id, sub, sub2, extra] = url.pathname
        .split('/')
        .filter(Boolean)
        .map(decodeURIComponent);
      if (extra !== undefined) return notFound();
      if (resource === 'workspaces') {
        const workspace = (await records.list(account.id, 'workspace')).find(
          (w) => String(w.id) === id || w.public_id === id,
        );
        if (!workspace) return notFound();
        if (request.method === 'GET' && sub === undefined)
          return answer(200, { id: workspace.id, public_id: workspace.public_id, name: workspace.name });
        if (sub === 'contacts' && sub2 === 'tags' && request.method === 'GET')
          return listTags(account, url.searchParams.get('after'));
        if (sub === 'contacts' && sub2 === 'tags' && request.method === 'POST')
          return createTag(account, request.body);
        if (sub === 'contacts' && sub2 === 'upsert' && request.method === 'POST')
          return upsertContact(account, request.body, request.idempotencyKey);
      }
      if (
        resource === 'contacts' &&
        id &&
        sub === 'applied_tags' &&
        sub2 === undefined &&
        request.method === 'POST'
      )
        return applyTag(account, id, request.body);
      return notFound();
    },
  };
}
