import { type LeadPayload, ProviderInputError, type ProviderMeta } from '../provider.js';
import { demoApiKey } from '../sandbox-kit/index.js';

/*
 * Kartra, the marketing-automation service (decision 0103): what a company types (its API key and
 * API password, from My Integrations › API in Kartra), what a campaign chooses (a list and tags,
 * by name: Kartra's API names them, it has no ids for them), and the lead's fields as Kartra names
 * them. Shared by the provider's core, the real API adapter and the sandbox.
 */

export const KARTRA_SLUG = 'kartra';
export const KARTRA_NAME = 'Kartra';
/** The sandbox's documented credentials (any key starting with `sandbox-` opens a sandbox account). */
export const KARTRA_SANDBOX_KEY = demoApiKey(KARTRA_SLUG);
export const KARTRA_SANDBOX_PASSWORD = 'sandbox-kartra-password';
export const KARTRA_NEEDS_EMAIL = 'A Kartra lead needs an e-mail address.';
export const KARTRA_CREDENTIALS_REQUIRED = 'Enter your Kartra API key and API password.';
export const KARTRA_REFUSED = 'Kartra refused the API key or password: connect it again.';
const MAX_TAGS = 20;
const MAX_NAME = 200;

export function kartraMeta(sandbox: boolean): ProviderMeta {
  return {
    slug: KARTRA_SLUG,
    name: KARTRA_NAME,
    kind: 'marketing-automation',
    auth: 'api-key',
    description: sandbox
      ? 'Sandbox: each lead becomes a lead in a sandbox Kartra account (no real Kartra, no e-mail sent), subscribed to the campaign’s list with its tags.'
      : 'Each lead becomes a Kartra lead the moment it is found, subscribed to the list your campaign chooses, with its tags.',
    connectFields: [
      {
        name: 'api_key',
        label: 'Kartra API key',
        type: 'secret',
        required: true,
        help: sandbox
          ? `Sandbox: use ${KARTRA_SANDBOX_KEY} (any key starting with "sandbox-" opens its own sandbox account with demo lists and tags; its first password is kept).`
          : 'In Kartra: My Integrations › API › My API. Kept sealed and never shown again.',
      },
      {
        name: 'api_password',
        label: 'Kartra API password',
        type: 'secret',
        required: true,
        help: sandbox ? `Sandbox: use ${KARTRA_SANDBOX_PASSWORD}.` : 'Shown beside the API key in Kartra.',
      },
    ],
    campaignFields: [
      {
        name: 'list_name',
        label: 'Kartra list',
        type: 'select',
        required: false,
        targets: 'lists',
        help: 'Each lead is subscribed to it. Leave empty to add leads without a list.',
      },
      {
        name: 'tags',
        label: 'Kartra tags',
        type: 'tags',
        required: false,
        targets: 'tags',
        help: 'Tags must already exist in your Kartra account.',
      },
    ],
    targetKinds: ['lists', 'tags'],
    sandbox,
  };
}

/** The credential typed, trimmed; refused when it cannot be one. */
export function checkCredential(value: unknown, label: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  if (text.length > MAX_NAME || /\s/.test(text))
    throw new ProviderInputError(`That is not a Kartra ${label}: paste it whole, without spaces.`);
  return text;
}

const nameOf = (value: unknown, what: string) => {
  const name = String(value).trim();
  if (name.length > MAX_NAME)
    throw new ProviderInputError(`A Kartra ${what} name is at most ${MAX_NAME} characters.`);
  return name;
};

/** A campaign's choice: a list (by name) and tags (by name, once each). */
export function checkCampaignSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const list = settings.list_name;
  if (list !== undefined && list !== null && list !== '') {
    if (typeof list !== 'string') throw new ProviderInputError('Choose one of your Kartra lists.');
    const name = nameOf(list, 'list');
    if (name) out.list_name = name;
  }
  const raw = settings.tags;
  const items = typeof raw === 'string' ? raw.split(',') : Array.isArray(raw) ? raw : [];
  const tags = [...new Set(items.map((t) => nameOf(t, 'tag')).filter(Boolean))];
  if (tags.length > MAX_TAGS) throw new ProviderInputError(`Choose at most ${MAX_TAGS} Kartra tags.`);
  if (tags.length > 0) out.tags = tags;
  return out;
}

/** The first e-mail of the lead, lower case (Kartra finds a lead by it). */
export const emailOf = (lead: LeadPayload) =>
  lead.emails.map((e) => e.trim().toLowerCase()).find((e) => e !== '');

/** The `lead[...]` fields of a Kartra call for a lead (Kartra's names; empty ones left out). */
export function leadFieldsOf(lead: LeadPayload, email: string): Record<string, string> {
  const fields: Record<string, string | undefined> = {
    email,
    first_name: lead.first_name || undefined,
    last_name: lead.last_name || undefined,
    phone: lead.phones.find((p) => p.trim() !== '')?.trim(),
    address: lead.address.street || undefined,
    city: lead.address.city || undefined,
    state: lead.address.state || undefined,
    zip: lead.address.zip || undefined,
  };
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => Boolean(e[1])));
}
