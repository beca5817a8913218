import type { Database } from '@app/db';
import { z } from 'zod';
import { createApiKeySandbox, newId } from '../sandbox-kit/index.js';
import type { ServiceAnswer, ServiceCall } from '../service-http.js';
import { MBP_CONTACTS_PATH, MBP_GROUPS_PATH, type MbpTransport } from './core.js';
import { MBP_SLUG } from './settings.js';

/*
 * The Mailbox Power sandbox (decision 0104): the two calls the provider makes, answered from local
 * state in the sandbox tables (through the sandbox kit). A `sandbox-` API key opens its own sandbox
 * account with three demo groups; an unknown key is 401, a group the account does not have 404, a
 * contact without a name, or with neither an e-mail, a phone nor a whole mailing address, or with a
 * malformed e-mail 422. A contact is kept once per e-mail (else phone, else name and zip): joining
 * another group adds the group, as adding a known contact to a group does; the last delivery's key
 * is kept with it.
 */

const DEMO_GROUPS = [
  { group_id: 501, group_name: 'Sandbox: New leads' },
  { group_id: 502, group_name: 'Sandbox: Past clients' },
  { group_id: 503, group_name: 'Sandbox: Referral partners' },
];
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

const answer = (status: number, body: unknown): ServiceAnswer => ({ status, body });
const refused = (status: number, message: string) => answer(status, { success: false, message });

const text = (max: number) => z.string().trim().max(max).optional();
const contactBody = z.object({
  first_name: text(100),
  last_name: text(100),
  email: text(320),
  phone: text(40),
  address: text(200),
  city: text(100),
  state: text(50),
  zip: text(20),
  group_id: z.union([z.string(), z.number()]),
  source: text(300),
});

export function createMailboxPowerSandbox(deps: { db: Database }): MbpTransport {
  const kit = createApiKeySandbox({
    db: deps.db,
    provider: MBP_SLUG,
    accountName: 'Sandbox Mailbox Power account',
    demoRecords: DEMO_GROUPS.map((g) => ({
      kind: 'group',
      key: String(g.group_id),
      data: { ...g, sandbox: true },
    })),
  });

  async function addContact(accountId: number, body: unknown, key: string | undefined) {
    const parsed = contactBody.safeParse(body);
    if (!parsed.success)
      return refused(
        422,
        parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '),
      );
    const c = parsed.data;
    const group = await kit.records.find(accountId, 'group', String(c.group_id));
    if (!group) return refused(404, 'Group not found');
    const email = c.email?.toLowerCase() || undefined;
    if (email && !EMAIL.test(email)) return refused(422, 'The email must be a valid email address.');
    const phone = c.phone?.replace(/[^\d+]/g, '') || undefined;
    const postal = Boolean(c.address && c.city && c.state && c.zip);
    if (!(c.first_name || c.last_name) || !(email || phone || postal))
      return refused(422, 'A contact needs a name and an email, a phone or a full mailing address.');
    const who = email
      ? `email:${email}`
      : phone
        ? `phone:${phone}`
        : `name:${`${c.first_name ?? ''} ${c.last_name ?? ''}`.trim().toLowerCase()}:${c.zip}`;
    const { record, inserted } = await kit.records.upsert(
      accountId,
      {
        kind: 'contact',
        key: who,
        data: {
          id: newId('sbx_ct_'),
          first_name: c.first_name,
          last_name: c.last_name,
          email,
          phone,
          address: c.address,
          city: c.city,
          state: c.state,
          zip: c.zip,
          source: c.source,
          group_ids: [group.group_id],
          last_delivery_key: key,
          sandbox: true,
        },
      },
      { unionArrays: ['group_ids'] },
    );
    return answer(inserted ? 201 : 200, {
      success: true,
      data: { contact_id: record.id, group_id: group.group_id, group_ids: record.group_ids },
    });
  }

  return {
    async call(apiKey: string, request: ServiceCall): Promise<ServiceAnswer> {
      const opened = await kit.accounts.open(apiKey);
      if (!opened.ok) return refused(401, 'Invalid API key');
      const accountId = opened.account.id;
      const path = new URL(request.path, 'http://sandbox.invalid').pathname;
      if (request.method === 'GET' && path === MBP_GROUPS_PATH) {
        const groups = await kit.records.list(accountId, 'group');
        return answer(200, {
          success: true,
          data: groups.map((g) => ({ group_id: g.group_id, group_name: g.group_name })),
        });
      }
      if (request.method === 'POST' && path === MBP_CONTACTS_PATH)
        return addContact(accountId, request.body, request.idempotencyKey);
      return refused(404, 'Not found');
    },
  };
}
