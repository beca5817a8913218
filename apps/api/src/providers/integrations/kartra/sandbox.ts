import type { Database } from '@app/db';
import { createApiKeySandbox, newId, type SandboxRecord } from '../sandbox-kit/index.js';
import type { ServiceAnswer } from '../service-http.js';
import type { KartraCredentials, KartraRequest, KartraTransport } from './core.js';
import { KARTRA_SLUG } from './settings.js';

/*
 * The Kartra sandbox (decision 0103): the inbound API's commands the provider sends, run on local
 * state in the sandbox tables through the sandbox kit, answered as Kartra answers (HTTP 200,
 * `{ status, message, type }` with Kartra's documented messages and types). Any API key starting
 * with `sandbox-` opens its own sandbox account (documented: `sandbox-kartra-key` with the password
 * `sandbox-kartra-password`; the first password used with a key is kept and another one is
 * refused, as Kartra refuses a wrong password) holding two demo lists and three tags. Leads are
 * found by e-mail; `create_lead` for a known e-mail and `edit_lead` for an unknown one fail as in
 * Kartra; a list or tag the account does not have is refused ("List does not exist", "Tag does not
 * exist": Kartra's tags and lists are made in its app, not through the API). The actions of one
 * call run in order and the first refusal ends the call, its earlier actions kept.
 */

export const KARTRA_SANDBOX_LISTS = ['Sandbox: Newsletter', 'Sandbox: New leads'] as const;
export const KARTRA_SANDBOX_TAGS = ['new lead', 'website visitor', 'hot'] as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const LEAD_FIELDS = ['first_name', 'last_name', 'phone', 'address', 'city', 'state', 'zip'] as const;

/** A Kartra refusal (HTTP 200, as Kartra sends every answer). */
class KartraError extends Error {
  constructor(
    message: string,
    readonly type: string,
  ) {
    super(message);
  }
}

export function createKartraSandbox(deps: { db: Database }): KartraTransport & {
  /** The leads of the account a key opens (tests read what a delivery wrote). */
  leads(credentials: KartraCredentials): Promise<SandboxRecord[]>;
} {
  const kit = createApiKeySandbox({
    db: deps.db,
    provider: KARTRA_SLUG,
    accountName: 'Sandbox Kartra account',
    demoRecords: [
      ...KARTRA_SANDBOX_LISTS.map((name) => ({ kind: 'list', key: name, data: { name, sandbox: true } })),
      ...KARTRA_SANDBOX_TAGS.map((name) => ({ kind: 'tag', key: name, data: { name, sandbox: true } })),
    ],
  });

  async function account(credentials: KartraCredentials): Promise<number> {
    if (!credentials.api_key)
      throw new KartraError('API key cannot be empty. Please get an API key first', '202');
    if (!credentials.api_password)
      throw new KartraError('API password not valid. Please get an API password first', '233');
    const opened = await kit.accounts.open(credentials.api_key, credentials.api_password);
    if (opened.ok) return opened.account.id;
    throw opened.reason === 'wrong-secret'
      ? new KartraError('API password not valid. Please get an API password first', '233')
      : new KartraError('API key not valid. Please get an API key first', '203');
  }

  async function run(credentials: KartraCredentials, request: KartraRequest) {
    const accountId = await account(credentials);
    if (!Array.isArray(request.actions) || request.actions.length === 0)
      throw new KartraError("'actions' not an array", '224');
    const email = request.lead?.email?.trim().toLowerCase();
    const results: Record<string, unknown>[] = [];
    const extra: Record<string, unknown> = {};
    const names = async (kind: string) =>
      (await kit.records.list(accountId, kind)).map((r) => String(r.name));
    const leadOf = async () => {
      if (!email) throw new KartraError('email or lead id is required. Nothing done', '206');
      const found = await kit.records.find(accountId, 'lead', email);
      if (!found) throw new KartraError('Lead not found', '205');
      return found;
    };
    const fields = () =>
      Object.fromEntries(LEAD_FIELDS.flatMap((f) => (request.lead?.[f] ? [[f, request.lead[f]]] : [])));
    const put = (data: Record<string, unknown>) =>
      kit.records.upsert(
        accountId,
        { kind: 'lead', key: email as string, data },
        { unionArrays: ['lists', 'tags'] },
      );

    for (const action of request.actions) {
      const cmd = action.cmd;
      let message: string;
      let type: string;
      if (!cmd) throw new KartraError("'cmd' is required", '254');
      if (cmd === 'retrieve_account_lists') {
        extra.account_lists = await names('list');
        [message, type] = ['Lists retrieved', '100'];
      } else if (cmd === 'retrieve_account_tags') {
        extra.account_tags = await names('tag');
        [message, type] = ['Tags retrieved', '100'];
      } else if (cmd === 'create_lead') {
        if (!email) throw new KartraError('email or lead id is required. Nothing done', '206');
        if (!EMAIL.test(email)) throw new KartraError('Email is not valid', '210');
        if (await kit.records.find(accountId, 'lead', email))
          throw new KartraError('Lead already exists', '244');
        const { record } = await put({
          id: newId(''),
          email,
          ...fields(),
          source: 'api',
          lists: [],
          tags: [],
          sandbox: true,
        });
        extra.lead_details = { id: record.id };
        [message, type] = ['Lead created', '102'];
      } else if (cmd === 'edit_lead') {
        await leadOf();
        await put({ email, ...fields() });
        [message, type] = ['Lead edited', '102'];
      } else if (cmd === 'subscribe_lead_to_list') {
        await leadOf();
        const list = action.list_name?.trim();
        if (!list) throw new KartraError('List cannot be empty', '207');
        if (!(await kit.records.find(accountId, 'list', list)))
          throw new KartraError('List does not exist', '231');
        await put({ email, lists: [list] });
        [message, type] = ['Lead subscribed to list', '101'];
      } else if (cmd === 'assign_tag') {
        await leadOf();
        const tag = action.tag_name?.trim();
        if (!tag) throw new KartraError('Tag cannot be empty', '211');
        if (!(await kit.records.find(accountId, 'tag', tag)))
          throw new KartraError('Tag does not exist', '212');
        await put({ email, tags: [tag] });
        [message, type] = ['Tag added to lead', '103'];
      } else {
        throw new KartraError(`Unknown command '${cmd}'. Nothing done`, '254');
      }
      results.push({ [cmd]: { status: 'Success', message, type } });
    }
    const last = Object.values(results.at(-1) ?? {})[0] as { message: string; type: string };
    return { status: 'Success', message: last.message, type: last.type, actions: results, ...extra };
  }

  return {
    async call(credentials, request): Promise<ServiceAnswer> {
      try {
        return { status: 200, body: await run(credentials, request) };
      } catch (err) {
        if (err instanceof KartraError)
          return { status: 200, body: { status: 'Error', message: err.message, type: err.type } };
        throw err;
      }
    },
    async leads(credentials) {
      const opened = await kit.accounts.open(credentials.api_key, credentials.api_password);
      return opened.ok ? kit.records.list(opened.account.id, 'lead') : [];
    },
  };
}
