import { type LeadPayload, ProviderInputError, type ProviderMeta } from '../provider.js';
import { demoApiKey } from '../sandbox-kit/index.js';

/*
 * SendGrid Marketing Campaigns, the e-mail service list (decision 0103): what a company types, what
 * a campaign chooses, and the contact a lead becomes. Shared by the provider's core, the real API
 * adapter and the sandbox.
 */

export const SENDGRID_SLUG = 'sendgrid';
export const SENDGRID_NAME = 'SendGrid';
/** The sandbox's documented key (any key starting with `sandbox-` opens a sandbox account). */
export const SENDGRID_SANDBOX_KEY = demoApiKey(SENDGRID_SLUG);
export const SENDGRID_NEEDS_EMAIL = 'A SendGrid contact needs an e-mail address.';
export const SENDGRID_KEY_REQUIRED = 'Enter your SendGrid API key.';
export const SENDGRID_KEY_REFUSED = 'SendGrid refused the API key: connect it again with a valid key.';
export const SENDGRID_NO_MARKETING =
  'This SendGrid API key cannot add Marketing contacts: give it Marketing access (full or restricted) and connect again.';
/** SendGrid's own limit on one PUT /v3/marketing/contacts (list ids per request). */
export const MAX_LISTS = 100;
/** SendGrid's API keys are 69 characters; a pasted key longer than this is not a key. */
const MAX_KEY_LENGTH = 200;

export function sendgridMeta(sandbox: boolean): ProviderMeta {
  return {
    slug: SENDGRID_SLUG,
    name: SENDGRID_NAME,
    kind: 'email-list',
    auth: 'api-key',
    description: sandbox
      ? 'Sandbox: each lead becomes a contact in a sandbox SendGrid Marketing list (no real SendGrid account, no e-mail sent).'
      : 'Each lead becomes a SendGrid Marketing contact the moment it is found, added to the list your campaign chooses.',
    connectFields: [
      {
        name: 'api_key',
        label: 'SendGrid API key',
        type: 'secret',
        required: true,
        help: sandbox
          ? `Sandbox: use ${SENDGRID_SANDBOX_KEY} (any key starting with "sandbox-" opens its own sandbox account with demo lists).`
          : 'Settings › API Keys in SendGrid: a key with Marketing access. It is kept sealed and never shown again.',
      },
    ],
    campaignFields: [
      {
        name: 'list_id',
        label: 'SendGrid list',
        type: 'select',
        required: false,
        targets: 'lists',
        help: 'Leave empty to add contacts to All Contacts only.',
      },
    ],
    targetKinds: ['lists'],
    sandbox,
  };
}

/** The API key typed, trimmed; refused when it cannot be one. */
export function checkApiKey(value: unknown): string {
  const key = typeof value === 'string' ? value.trim() : '';
  if (!key) throw new ProviderInputError(SENDGRID_KEY_REQUIRED);
  if (key.length > MAX_KEY_LENGTH || /\s/.test(key))
    throw new ProviderInputError('That is not a SendGrid API key: paste the whole key, without spaces.');
  return key;
}

/** A key shown back without revealing it: its last four characters. */
export const keyHint = (key: string) => `…${key.slice(-4)}`;

/** SendGrid list ids are UUIDs; the sandbox's too. */
const LIST_ID = /^[A-Za-z0-9-]{1,64}$/;

/** A campaign's choice: one list (`list_id`), or none. */
export function checkCampaignSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const list = settings.list_id;
  if (list === undefined || list === null || list === '') return {};
  if (typeof list !== 'string' || !LIST_ID.test(list))
    throw new ProviderInputError('Choose one of your SendGrid lists.');
  return { list_id: list };
}

/** The first e-mail of the lead, lower case (SendGrid matches contacts by it). */
export const emailOf = (lead: LeadPayload) =>
  lead.emails.map((e) => e.trim().toLowerCase()).find((e) => e !== '');

/** The contact of `PUT /v3/marketing/contacts` for a lead: SendGrid's reserved fields only. */
export function contactOf(lead: LeadPayload, email: string) {
  const phone = lead.phones.find((p) => p.trim() !== '')?.trim();
  return {
    email,
    first_name: lead.first_name || undefined,
    last_name: lead.last_name || undefined,
    address_line_1: lead.address.street || undefined,
    city: lead.address.city || undefined,
    state_province_region: lead.address.state || undefined,
    postal_code: lead.address.zip || undefined,
    phone_number: phone || undefined,
  };
}
