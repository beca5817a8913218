import {
  CHANGES_SAVED,
  type ConnectionView,
  type DeliveryList,
  type DeliveryStatus,
  type DeliveryView,
  deliveryStatusSchema,
  type ProviderView,
  type ReplayRequest,
} from '@app/contracts';

/*
 * The integrations screens' pure parts (issue 23, decision 0096): badges, the connect form's values,
 * the delivery console's filters in the URL, the replay request, when to poll.
 */

export type ProviderKind = ProviderView['kind'];
export type ConnectField = ProviderView['connect_fields'][number];

/** The order and headings of the overview's groups. */
export const KIND_LABELS: Record<ProviderKind, string> = {
  webhook: 'Webhooks',
  crm: 'CRM',
  'email-list': 'E-mail lists',
  'direct-mail': 'Direct mail',
  spreadsheet: 'Spreadsheets',
  'funnel-builder': 'Funnel builders',
  mailbox: 'Mailbox groups',
  'marketing-automation': 'Marketing automation',
  'insurance-crm': 'Insurance CRM',
};

export interface ProviderGroup {
  kind: ProviderKind;
  label: string;
  providers: ProviderView[];
}

/** Providers grouped by kind in `KIND_LABELS` order, each group keeping the server's order. */
export function groupByKind(providers: readonly ProviderView[]): ProviderGroup[] {
  const kinds = Object.keys(KIND_LABELS) as ProviderKind[];
  return kinds
    .map((kind) => ({ kind, label: KIND_LABELS[kind], providers: providers.filter((p) => p.kind === kind) }))
    .filter((group) => group.providers.length > 0);
}

export type BadgeColour = 'green' | 'yellow' | 'gray' | 'blue' | 'red' | 'orange';

export interface ConnectionBadge {
  state: 'connected' | 'paused' | 'not-connected';
  label: 'Connected' | 'Paused' | 'Not connected';
  colour: BadgeColour;
  /** Said beside the badge: why it is paused, or that sending waits after failures in a row. */
  detail: string | null;
}

/** A connection's status badge: Connected / Paused (with its reason) / Not connected. */
export function connectionBadge(connection: ConnectionView | null, now: Date = new Date()): ConnectionBadge {
  if (!connection || connection.status === 'disconnected')
    return { state: 'not-connected', label: 'Not connected', colour: 'gray', detail: null };
  if (connection.status === 'paused')
    return { state: 'paused', label: 'Paused', colour: 'yellow', detail: connection.paused_reason };
  const until = connection.circuit_open_until ? new Date(connection.circuit_open_until) : null;
  if (until && !Number.isNaN(until.getTime()) && until.getTime() > now.getTime()) {
    const failures = connection.consecutive_failures;
    return {
      state: 'connected',
      label: 'Connected',
      colour: 'orange',
      detail: `Sending waits until ${formatWhen(connection.circuit_open_until)} after ${failures} failed ${
        failures === 1 ? 'delivery' : 'deliveries'
      } in a row.`,
    };
  }
  return { state: 'connected', label: 'Connected', colour: 'green', detail: null };
}

/** True when the company has this provider connected (active or paused). */
export const isConnected = (connection: ConnectionView | null): connection is ConnectionView =>
  connection !== null && connection.status !== 'disconnected';

export const DELIVERY_STATUS_BADGES: Record<DeliveryStatus, { label: string; colour: BadgeColour }> = {
  queued: { label: 'Queued', colour: 'gray' },
  sending: { label: 'Sending', colour: 'blue' },
  delivered: { label: 'Delivered', colour: 'green' },
  failed: { label: 'Failed', colour: 'red' },
};

export const ATTEMPT_OUTCOME_BADGES: Record<
  'delivered' | 'failed' | 'refused',
  { label: string; colour: BadgeColour }
> = {
  delivered: { label: 'Delivered', colour: 'green' },
  failed: { label: 'Failed', colour: 'red' },
  refused: { label: 'Refused', colour: 'orange' },
};

/** A date and time as the console shows it; '—' for none, an unreadable value as is. */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  });
}

export const formatCount = (n: number) => n.toLocaleString('en-US');

/** Long texts (a receiver's error) cut to `max` characters with an ellipsis. */
export function truncateText(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

// ---- the connect form ----

export type FieldValue = string | string[];
export type FormValues = Record<string, FieldValue>;

/** The form's first values: what the connection holds, secrets always blank (they never leave the server). */
export function initialFormValues(
  fields: readonly ConnectField[],
  connection: ConnectionView | null,
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = isConnected(connection) ? connection.settings[field.name] : undefined;
    if (field.type === 'tags') {
      values[field.name] = Array.isArray(stored)
        ? stored.filter((t): t is string => typeof t === 'string')
        : [];
    } else if (field.type === 'secret') {
      values[field.name] = '';
    } else {
      values[field.name] =
        typeof stored === 'string' ? stored : typeof stored === 'number' ? String(stored) : '';
    }
  }
  return values;
}

/**
 * The `settings` of `POST /saveintegration`: text trimmed, tags without blanks. A blank secret of a
 * connected integration is left out (the saved one stays); a blank optional field is left out.
 */
export function settingsFromForm(
  fields: readonly ConnectField[],
  values: FormValues,
  connected: boolean,
): Record<string, string | string[]> {
  const settings: Record<string, string | string[]> = {};
  for (const field of fields) {
    const value = values[field.name];
    if (field.type === 'tags') {
      const tags = (Array.isArray(value) ? value : []).map((t) => t.trim()).filter((t) => t !== '');
      if (tags.length > 0 || field.required) settings[field.name] = tags;
      continue;
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '' && (field.type === 'secret' ? connected || !field.required : !field.required)) continue;
    settings[field.name] = text;
  }
  return settings;
}

/** The texts under the inputs before sending: required fields left blank (a saved secret may stay blank). */
export function missingFields(
  fields: readonly ConnectField[],
  values: FormValues,
  connected: boolean,
): Record<string, string> {
  const missing: Record<string, string> = {};
  for (const field of fields) {
    if (!field.required || (field.type === 'secret' && connected)) continue;
    const value = values[field.name];
    const blank = Array.isArray(value) ? value.length === 0 : (value ?? '').trim() === '';
    if (blank) missing[field.name] = `${field.label} is required.`;
  }
  return missing;
}

/** Spec 2 §8: a save's notice is the server's message, or 'Changes saved successfully'. */
export const savedMessage = (message: string | null | undefined) =>
  message && message.trim() !== '' ? message : CHANGES_SAVED;

// ---- the delivery console ----

export interface DeliveryFilters {
  status: DeliveryStatus | null;
  /** The campaign's 8-digit public id (what people know it by). */
  campaign: string | null;
  page: number;
}

const FILTER_PARAM = { status: 'status', campaign: 'campaign', page: 'page' } as const;

const positiveInt = (value: string | null): number | null => {
  if (value === null || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
};

/** A campaign's public id: exactly 8 digits, else no filter. */
export const publicCampaignId = (value: string | null): string | null =>
  value !== null && /^\d{8}$/.test(value) ? value : null;

/** The console's filters from the URL; anything malformed falls back to no filter, page 1. */
export function readDeliveryFilters(params: URLSearchParams): DeliveryFilters {
  const status = deliveryStatusSchema.safeParse(params.get(FILTER_PARAM.status));
  return {
    status: status.success ? status.data : null,
    campaign: publicCampaignId(params.get(FILTER_PARAM.campaign)),
    page: positiveInt(params.get(FILTER_PARAM.page)) ?? 1,
  };
}

/** Writes the filters into a copy of the URL query, defaults left out, other parameters kept. */
export function writeDeliveryFilters(params: URLSearchParams, filters: DeliveryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string | null) =>
    value === null ? next.delete(name) : next.set(name, value);
  set(FILTER_PARAM.status, filters.status);
  set(FILTER_PARAM.campaign, filters.campaign);
  set(FILTER_PARAM.page, filters.page > 1 ? String(filters.page) : null);
  return next;
}

/** The console polls every 5 seconds while a delivery shown is still queued or being sent. */
export const POLL_MS = 5_000;

export function hasPending(rows: readonly Pick<DeliveryView, 'status'>[] | undefined): boolean {
  return (rows ?? []).some((row) => row.status === 'queued' || row.status === 'sending');
}

export const pollInterval = (list: DeliveryList | undefined): number | false =>
  hasPending(list?.data) ? POLL_MS : false;

/** Deliveries a person may replay: the failed ones. */
export const isReplayable = (row: Pick<DeliveryView, 'status'>) => row.status === 'failed';

export type ReplaySelection =
  | { kind: 'chosen'; deliveryIds: readonly number[] }
  | { kind: 'all-failed'; slug?: string | null; campaign?: string | null };

/**
 * The body of `POST /integrations/deliveries/replay`: the chosen deliveries (each once), or every
 * failed one matching the console's provider and campaign. Null when nothing was chosen.
 */
export function replayRequest(companyId: number, selection: ReplaySelection): ReplayRequest | null {
  if (selection.kind === 'chosen') {
    const ids = [...new Set(selection.deliveryIds)].filter((id) => Number.isInteger(id) && id >= 1);
    if (ids.length === 0) return null;
    return { company_id: companyId, delivery_ids: ids.slice(0, 500) };
  }
  const request: ReplayRequest = { company_id: companyId, all_failed: true };
  if (selection.slug) request.slug = selection.slug;
  if (selection.campaign) request.campaign_public_id = selection.campaign;
  return request;
}

/** A replay's notice when the server gave no message. */
export function replayedText(replayed: number): string {
  return replayed === 1 ? '1 delivery queued again.' : `${formatCount(replayed)} deliveries queued again.`;
}

// ---- OAuth return ----

export type OauthReturn = { kind: 'connected' } | { kind: 'error'; message: string } | null;

/** The short codes the OAuth return may carry, said in words; any other text is the server's own. */
const OAUTH_ERRORS: Record<string, string> = {
  denied: 'Access was not allowed on the service’s page.',
  access_denied: 'Access was not allowed on the service’s page.',
  expired: 'The sign-in took too long. Please connect again.',
  missing_state: 'The sign-in could not be matched to a request. Please connect again.',
};

/** After the provider's consent page the server sends people to `?connected=1` or `?error=…`. */
export function readOauthReturn(params: URLSearchParams): OauthReturn {
  const error = params.get('error');
  if (error !== null) {
    const text = error.trim();
    const message = OAUTH_ERRORS[text] ?? (text === '' ? 'The connection was not completed.' : text);
    return { kind: 'error', message };
  }
  if (params.get('connected') === '1') return { kind: 'connected' };
  return null;
}

/** The address without the OAuth return parameters (so a reload does not say it again). */
export function withoutOauthReturn(params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('connected');
  next.delete('error');
  return next;
}

// ---- signing secrets ----

/** A signing secret as shown before it is revealed: its prefix and dots. */
export function maskSecret(secret: string | null): string {
  const prefix = secret?.startsWith('whsec_') || secret === null ? 'whsec_' : '';
  return `${prefix}${'•'.repeat(24)}`;
}

/** The headers every signed delivery carries (Standard Webhooks). */
export const SIGNATURE_HEADERS = [
  { name: 'webhook-id', text: 'The delivery’s id: the same on every retry, so a repeat can be recognised.' },
  { name: 'webhook-timestamp', text: 'When it was sent, in seconds since 1970 (reject old ones).' },
  { name: 'webhook-signature', text: 'v1, and the HMAC-SHA256 of id, timestamp and body with the secret.' },
] as const;

/** Six lines of Node with the `standardwebhooks` package. */
export const VERIFY_EXAMPLE = [
  "import { Webhook } from 'standardwebhooks';",
  '',
  'const wh = new Webhook(process.env.WEBHOOK_SECRET);',
  '// body: the raw body (a string); headers: the request headers',
  'const lead = wh.verify(body, headers); // throws if not genuine',
  "console.log('Lead', lead.id, lead.test ? '(test)' : '');",
].join('\n');
