import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../../test/test-database.js';
import type { IntegrationProvider, LeadPayload, ProviderConnection } from '../provider.js';
import { ProviderInputError } from '../provider.js';
import { createKartraCore } from './core.js';
import { createKartraSandbox, KARTRA_SANDBOX_LISTS, KARTRA_SANDBOX_TAGS } from './sandbox.js';
import { KARTRA_REFUSED, KARTRA_SANDBOX_KEY, KARTRA_SANDBOX_PASSWORD } from './settings.js';

/*
 * The Kartra provider on its sandbox (decision 0103), on a real database: connecting with the
 * documented key and password, a key the sandbox does not know and a wrong password refused with
 * Kartra's messages, the account's lists and tags, a lead delivered with its list and tags as a
 * lead in the sandbox's state, the same delivery again (same idempotency key) leaving one lead,
 * and a list or tag the account does not have refused as Kartra refuses it.
 */

let handle: Awaited<ReturnType<typeof cloneTestDatabase>>;
let sandbox: ReturnType<typeof createKartraSandbox>;
let provider: IntegrationProvider;
beforeAll(async () => {
  handle = await cloneTestDatabase();
  sandbox = createKartraSandbox({ db: handle.db });
  provider = createKartraCore({ transport: sandbox, sandbox: true });
});
afterAll(() => handle.dispose());

const credentials = { api_key: KARTRA_SANDBOX_KEY, api_password: KARTRA_SANDBOX_PASSWORD };
const lead = (email: string): LeadPayload => ({
  id: `lead-${email}`,
  campaign: { id: '20000001', name: 'Spring promo', module: 'local' },
  captured_at: new Date().toISOString(),
  first_name: 'Kit',
  last_name: 'Sandbox',
  emails: [email],
  phones: ['512-555-0100'],
  address: { street: '', city: 'Austin', state: 'TX', zip: '78701' },
  page_url: null,
  keyword: null,
  test: false,
});

async function connectWith(settings: Record<string, string>): Promise<ProviderConnection> {
  const done = await provider.connect({ companyId: 1, settings, previous: null });
  return { id: 1, companyId: 1, settings: done.settings, secrets: done.secrets };
}

const deliver = (
  connection: ProviderConnection,
  email: string,
  key: string,
  settings: Record<string, unknown>,
) =>
  provider.deliver({
    connection,
    campaignSettings: settings,
    lead: lead(email),
    idempotencyKey: key,
    attempt: 1,
    saveSecrets: async () => {},
  });

describe('Kartra sandbox', () => {
  it('connects with the documented credentials; refuses an unknown key and a wrong password with Kartra’s messages', async () => {
    const connection = await connectWith(credentials);
    expect(connection.secrets).toEqual(credentials);
    expect(connection.settings).toEqual({ api_key_hint: '…-key' });
    await expect(connectWith({ api_key: 'live-kartra-key', api_password: 'x' })).rejects.toThrow(
      new ProviderInputError(`${KARTRA_REFUSED} (API key not valid. Please get an API key first)`),
    );
    await expect(
      connectWith({ api_key: KARTRA_SANDBOX_KEY, api_password: 'not-the-password' }),
    ).rejects.toThrow(`${KARTRA_REFUSED} (API password not valid. Please get an API password first)`);
  });

  it('lists the account’s lists and tags', async () => {
    const connection = await connectWith(credentials);
    expect(await provider.listTargets?.(connection, 'lists', async () => {})).toEqual(
      KARTRA_SANDBOX_LISTS.map((name) => ({ id: name, name })),
    );
    expect(await provider.listTargets?.(connection, 'tags', async () => {})).toEqual(
      KARTRA_SANDBOX_TAGS.map((name) => ({ id: name, name })),
    );
  });

  it('delivers a lead with its list and tags; the same delivery again leaves one lead', async () => {
    const connection = await connectWith(credentials);
    const settings = { list_name: KARTRA_SANDBOX_LISTS[1], tags: ['hot'] };
    expect(await deliver(connection, 'Lee@Example.com', 'dlv-1', settings)).toMatchObject({
      outcome: 'delivered',
      request: `POST /api create_lead (list ${KARTRA_SANDBOX_LISTS[1]}, 1 tag)`,
    });
    const again = await deliver(connection, 'lee@example.com', 'dlv-1', settings);
    expect(again).toMatchObject({ outcome: 'delivered' });
    expect(again.request).toContain('create_lead → edit_lead');
    await deliver(connection, 'lee@example.com', 'dlv-2', {
      list_name: KARTRA_SANDBOX_LISTS[0],
      tags: ['new lead'],
    });
    const leads = (await sandbox.leads(credentials)).filter((l) => l.email === 'lee@example.com');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({
      first_name: 'Kit',
      last_name: 'Sandbox',
      phone: '512-555-0100',
      city: 'Austin',
      zip: '78701',
      lists: [...KARTRA_SANDBOX_LISTS].sort(),
      tags: ['hot', 'new lead'],
      sandbox: true,
    });
  });

  it('refuses a list or a tag the account does not have, as Kartra does', async () => {
    const connection = await connectWith(credentials);
    expect(await deliver(connection, 'mo@example.com', 'dlv-3', { list_name: 'Not a list' })).toMatchObject({
      outcome: 'failed',
      permanent: true,
      error: 'Kartra refused: List does not exist',
    });
    expect(await deliver(connection, 'mo@example.com', 'dlv-4', { tags: ['no such tag'] })).toMatchObject({
      outcome: 'failed',
      permanent: true,
      error: 'Kartra refused: Tag does not exist',
    });
  });
});
