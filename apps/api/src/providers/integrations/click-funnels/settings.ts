import { type LeadPayload, ProviderInputError, type ProviderMeta } from '../provider.js';
import { demoApiKey } from '../sandbox-kit/index.js';

/*
 * ClickFunnels' metadata and the checks of what a company types (decision 0104): the subdomain of
 * its ClickFunnels 2.0 team (`myteam` of myteam.myclickfunnels.com), the workspace its contacts
 * live in, its API key, and a campaign's tags.
 */

export const CF_SLUG = 'click-funnels';
export const CF_NAME = 'ClickFunnels';
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

/** What the sandbox answers to (the connect form's help says so in a sandbox deployment). */
export const CF_SANDBOX_ACCOUNT = {
  subdomain: 'sandbox',
  workspaceId: '1001',
  apiKey: demoApiKey(CF_SLUG),
} as const;

export function clickFunnelsMeta(sandbox: boolean): ProviderMeta {
  return {
    slug: CF_SLUG,
    name: 'ClickFunnels (funnel builder)',
    kind: 'funnel-builder',
    auth: 'api-key',
    description: sandbox
      ? 'Sandbox: each lead becomes a contact in a sandbox ClickFunnels workspace (no real ClickFunnels), with the campaign’s tags applied.'
      : 'Each lead becomes a contact in your ClickFunnels workspace (matched by e-mail), with the campaign’s tags applied.',
    connectFields: [
      {
        name: 'subdomain',
        label: 'ClickFunnels subdomain',
        type: 'text',
        required: true,
        help: sandbox
          ? `Sandbox: enter ${CF_SANDBOX_ACCOUNT.subdomain}.`
          : 'The first part of your team’s address: myteam for myteam.myclickfunnels.com.',
      },
      {
        name: 'workspace_id',
        label: 'Workspace ID',
        type: 'text',
        required: true,
        help: sandbox
          ? `Sandbox: enter ${CF_SANDBOX_ACCOUNT.workspaceId}.`
          : 'The workspace your contacts go to (its ID, shown in the Developer portal).',
      },
      {
        name: 'api_key',
        label: 'API key',
        type: 'secret',
        required: true,
        help: sandbox
          ? `Sandbox: enter ${CF_SANDBOX_ACCOUNT.apiKey} (any key starting with sandbox- opens its own sandbox workspace).`
          : 'Team settings › Developer portal › your platform application › API key.',
      },
    ],
    campaignFields: [
      {
        name: 'tags',
        label: 'Tags applied to each contact',
        type: 'tags',
        required: false,
        targets: 'tags',
        help: 'Tags the workspace does not have yet are created.',
      },
    ],
    targetKinds: ['tags'],
    sandbox,
  };
}

/**
 * The team's subdomain, from what was typed: `myteam`, `myteam.myclickfunnels.com` or its full
 * address all give `myteam`. Only a DNS label is kept, so the API's host is always one of
 * ClickFunnels' own.
 */
export function checkSubdomain(value: unknown): string {
  const typed = typeof value === 'string' ? value.trim().toLowerCase() : '';
  const host = typed
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/\.myclickfunnels\.com$/, '');
  if (!/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(host))
    throw new ProviderInputError('Enter your ClickFunnels subdomain: myteam for myteam.myclickfunnels.com.');
  return host;
}

/** A workspace's ID (its number, or its public ID). */
export function checkWorkspaceId(value: unknown): string {
  const typed = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (!/^[A-Za-z0-9]{1,32}$/.test(typed))
    throw new ProviderInputError('Enter the ClickFunnels workspace ID.');
  return typed;
}

/** Tags as a campaign keeps them: trimmed, once each whatever the case (the first spelling kept). */
export function normaliseTags(value: unknown): string[] {
  const list =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map((v) => String(v)) : [];
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of list) {
    const tag = raw.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  if (tags.length > MAX_TAGS) throw new ProviderInputError(`Choose at most ${MAX_TAGS} tags.`);
  if (tags.some((t) => t.length > MAX_TAG_LENGTH))
    throw new ProviderInputError(`A tag is at most ${MAX_TAG_LENGTH} characters long.`);
  return tags;
}

export function checkCampaignSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const tags = normaliseTags(settings.tags);
  return tags.length > 0 ? { tags } : {};
}

/** The lead's first e-mail, trimmed and lower case (what ClickFunnels matches a contact by). */
export const emailOf = (lead: LeadPayload) =>
  lead.emails
    .find((e) => e.trim() !== '')
    ?.trim()
    .toLowerCase();

/** The body of `POST /workspaces/{id}/contacts/upsert` for a lead (ClickFunnels' Contact parameters). */
export function contactOf(lead: LeadPayload, email: string) {
  return {
    contact: {
      email_address: email,
      first_name: lead.first_name || undefined,
      last_name: lead.last_name || undefined,
      phone_number: lead.phones.find((p) => p.trim() !== '')?.trim(),
    },
  };
}
