import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import type { DeliveryRequest, IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createSendGridCore } from './core.js';
import { createSendGridSandbox, SENDGRID_BAD_KEY_MESSAGE, SENDGRID_SANDBOX_LISTS } from './sandbox.js';
import { SENDGRID_SANDBOX_KEY } from './settings.js';

/*
 * The SendGrid provider on its sandbox (decision 0103), on a real database: connecting with the
 * documented sandbox key, a key the sandbox does not know refused with SendGrid's message, the
 * account's lists, a lead delivered as a contact in the sandbox's state, the same delivery again
 * (same idempotency key, as after a lost answer) leaving one contact, an unknown list refused as
 * SendGrid refuses it, and two keys' accounts kept apart.
 */

let handle: Awaited<ReturnType<typeof cloneTestDatabase>>;
let sandbox: ReturnType<typeof createSendGridSandbox>;
let provider: IntegrationProvider;
beforeAll(async () => {
  handle = await cloneTestDatabase();
  sandbox = createSendGridSandbox({ db: handle.db });
  provider = createSendGridCore({ transport: sandbox, sandbox: true });
});
afterAll(() => handle.dispose());

const lead = (email: string): LeadPayload => ({
  id: `lead-${email}`,
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Sandy',
  last_name: 'Box',
  emails: [email],
  phones: [],
  address: { street: '', city: 'Austin', state: 'TX', zip: '' },
  page_url: null,
  keyword: null,
  test: false,
});

async function connectWith(apiKey: string): Promise<ProviderConnection> {
  const done = await provider.connect({ companyId: 1, settings: { api_key: apiKey }, previous: null });
  return { id: 1, companyId: 1, settings: done.settings, secrets: done.secrets };
}

const deliver = (connection: ProviderConnection, email: string, idempotencyKey: string, listId?: string) =>
  provider.deliver({
    connection,
    campaignSettings: listId ? { list_id: listId } : {},
    lead: lead(email),
    idempotencyKey,
    attempt: 1,
    saveSecrets: async () => {},
  } satisfies DeliveryRequest);

describe('SendGrid sandbox', () => {
  it('connects with the documented key and refuses other keys with SendGrid’s message', async () => {
    const connection = await connectWith(SENDGRID_SANDBOX_KEY);
    expect(connection.settings).toEqual({ api_key_hint: '…-key' });
    expect(connection.secrets).toEqual({ api_key: SENDGRID_SANDBOX_KEY });
    await expect(connectWith('SG.a-real-looking-key')).rejects.toThrow(
      new ProviderInputError(`SendGrid refused the API key: ${SENDGRID_BAD_KEY_MESSAGE}`),
    );
    // The key itself is stored nowhere in the sandbox's tables.
    const [found] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from sandbox_integration_tokens t join sandbox_integration_accounts a on a.id = t.account_id
           where t.provider = 'sendgrid' and (t::text like ${`%${SENDGRID_SANDBOX_KEY}%`} or a::text like ${`%${SENDGRID_SANDBOX_KEY}%`})`,
    );
    expect(found?.n).toBe(0);
  });

  it('lists the account’s lists', async () => {
    const connection = await connectWith(SENDGRID_SANDBOX_KEY);
    expect(await provider.listTargets?.(connection, 'lists', async () => {})).toEqual(
      SENDGRID_SANDBOX_LISTS.map((l) => ({ id: l.id, name: l.name })),
    );
  });

  it('delivers a lead as a contact in the chosen list; the same delivery again leaves one contact', async () => {
    const connection = await connectWith(SENDGRID_SANDBOX_KEY);
    const [newsletter, followUp] = [SENDGRID_SANDBOX_LISTS[0].id, SENDGRID_SANDBOX_LISTS[2].id];
    const first = await deliver(connection, 'Ann@Example.com', 'dlv-1', newsletter);
    expect(first).toMatchObject({ outcome: 'delivered', httpStatus: 202 });
    expect(await deliver(connection, 'Ann@Example.com', 'dlv-1', newsletter)).toMatchObject({
      outcome: 'delivered',
    });
    let contacts = await sandbox.contacts(SENDGRID_SANDBOX_KEY);
    expect(contacts.filter((c) => c.email === 'ann@example.com')).toHaveLength(1);
    expect(contacts.find((c) => c.email === 'ann@example.com')).toMatchObject({
      first_name: 'Sandy',
      last_name: 'Box',
      city: 'Austin',
      state_province_region: 'TX',
      list_ids: [newsletter],
      upserts: 2,
      sandbox: true,
    });
    // Another campaign's list for the same person: one contact in both lists.
    await deliver(connection, 'ann@example.com', 'dlv-2', followUp);
    contacts = await sandbox.contacts(SENDGRID_SANDBOX_KEY);
    expect(contacts.filter((c) => c.email === 'ann@example.com')).toHaveLength(1);
    expect(contacts.find((c) => c.email === 'ann@example.com')?.list_ids).toEqual(
      [newsletter, followUp].sort(),
    );
  });

  it('refuses an unknown list and an invalid e-mail as SendGrid does; other keys are other accounts', async () => {
    const connection = await connectWith(SENDGRID_SANDBOX_KEY);
    const noList = await deliver(
      connection,
      'bo@example.com',
      'dlv-3',
      '00000000-0000-4000-8000-000000000000',
    );
    expect(noList).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 404 });
    expect(noList.error).toBe('SendGrid answered HTTP 404: list_ids: one or more list IDs are invalid');
    const badEmail = await deliver(connection, 'bo@example', 'dlv-4');
    expect(badEmail).toMatchObject({ outcome: 'failed', permanent: true, httpStatus: 400 });
    expect(badEmail.error).toContain('contacts[0].email');

    const other = await connectWith('sandbox-another-company');
    await deliver(other, 'cy@example.com', 'dlv-5');
    expect((await sandbox.contacts('sandbox-another-company')).map((c) => c.email)).toEqual([
      'cy@example.com',
    ]);
    expect((await sandbox.contacts(SENDGRID_SANDBOX_KEY)).map((c) => c.email)).not.toContain(
      'cy@example.com',
    );
  });
});
