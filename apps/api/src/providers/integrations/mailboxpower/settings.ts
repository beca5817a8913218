import { type LeadPayload, ProviderInputError, type ProviderMeta } from '../provider.js';
import { demoApiKey } from '../sandbox-kit/index.js';

/*
 * Mailbox Power's metadata and the checks of what a company types (decision 0104): its API key, the
 * group its leads join (a campaign may choose another), and the contact a lead becomes.
 */

export const MBP_SLUG = 'mailboxpower';
export const MBP_NAME = 'Mailbox Power';
/** The sandbox's documented key (any key starting with `sandbox-` opens its own sandbox account). */
export const MBP_SANDBOX_KEY = demoApiKey(MBP_SLUG);
export const NO_GROUP = 'No Mailbox Power group is chosen: choose one on the integration or on the campaign.';
export const NEEDS_REACH =
  'A Mailbox Power contact needs a name and an e-mail, a phone or a full mailing address.';

export function mailboxPowerMeta(sandbox: boolean): ProviderMeta {
  return {
    slug: MBP_SLUG,
    name: 'Mailbox Power (mailbox groups)',
    kind: 'mailbox',
    auth: 'api-key',
    description: sandbox
      ? 'Sandbox: each lead is added as a contact to a group of a sandbox Mailbox Power account (no real cards or gifts are mailed).'
      : 'Each lead is added as a contact to a group of your Mailbox Power account, ready for its cards and gifts.',
    connectFields: [
      {
        name: 'api_key',
        label: 'API key',
        type: 'secret',
        required: true,
        help: sandbox
          ? `Sandbox: enter ${MBP_SANDBOX_KEY} (any key starting with sandbox- opens its own sandbox account).`
          : 'Your Mailbox Power API key (Settings › Integrations › API).',
      },
      {
        name: 'group_id',
        label: 'Group for new leads',
        type: 'select',
        required: false,
        targets: 'groups',
        help: 'Each lead joins this group unless its campaign chooses another. Your groups are offered once connected.',
      },
    ],
    campaignFields: [
      {
        name: 'group_id',
        label: 'Mailbox Power group',
        type: 'select',
        required: false,
        targets: 'groups',
        help: 'Leave empty to use the integration’s group.',
      },
    ],
    targetKinds: ['groups'],
    sandbox,
  };
}

/** A group's id as Mailbox Power gives it (or null when none is chosen). */
export function checkGroupId(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const id = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id))
    throw new ProviderInputError('Choose one of your Mailbox Power groups.');
  return id;
}

export function checkCampaignSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const group = checkGroupId(settings.group_id);
  return group ? { group_id: group } : {};
}

/** The contact a lead becomes in a group: names, e-mail, phone and the mailing address cards go to. */
export function contactOf(lead: LeadPayload, groupId: string) {
  const email = lead.emails
    .find((e) => e.trim() !== '')
    ?.trim()
    .toLowerCase();
  return {
    first_name: lead.first_name.trim() || undefined,
    last_name: lead.last_name.trim() || undefined,
    email,
    phone: lead.phones.find((p) => p.trim() !== '')?.trim(),
    address: lead.address.street || undefined,
    city: lead.address.city || undefined,
    state: lead.address.state || undefined,
    zip: lead.address.zip || undefined,
    group_id: groupId,
    source: lead.campaign.name ? `${lead.campaign.name} (${lead.campaign.id})` : lead.campaign.id,
  };
}

/** Whether a contact can be reached at all: a name, and an e-mail, a phone or a whole address. */
export function reachable(contact: ReturnType<typeof contactOf>): boolean {
  const named = Boolean(contact.first_name || contact.last_name);
  const postal = Boolean(contact.address && contact.city && contact.state && contact.zip);
  return named && Boolean(contact.email || contact.phone || postal);
}
