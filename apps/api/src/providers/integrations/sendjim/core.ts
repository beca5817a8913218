import { QUICK_SEND_LABEL } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ConnectResult,
  type DeliveryRequest,
  type DeliveryResult,
  type IntegrationProvider,
  type LeadPayload,
  type ProviderConnection,
  ProviderInputError,
  type ProviderMeta,
  type ProviderTarget,
} from '../provider.js';
import type { ServiceAnswer, ServiceCall } from '../service-http.js';

/*
 * SendJim, the direct-mail service (decision 0105). The provider's logic is written once, here, over
 * a transport that is either SendJim's public API (`api.ts`) or its sandbox (`sandbox.ts`), so the
 * contact's shape, validation and the meaning of every answer are the same code on both.
 *
 * SendJim's sign-in is its own (documented in its Public API v3): the person signs in on
 * `/OAuth/Account`, SendJim sends the browser back with a short-lived request token, and the app
 * trades it (with its client key and secret) for a grant token that acts for the account until it
 * is removed. There is no refresh: a refused grant token means signing in again.
 */

export const SENDJIM_SLUG = 'sendjim';
export const SIGN_IN_AGAIN = 'Sign in to SendJim again: it refused the connection’s access.';
export const NEEDS_ADDRESS =
  'A SendJim mail piece needs the lead’s first and last name and full postal address (street, city, state and ZIP code).';
export const NO_QUICKSEND =
  'Choose the SendJim QuickSend this campaign’s leads are mailed (or a default QuickSend on the SendJim page).';
export const CHOOSE_QUICKSEND = 'Choose one of your SendJim QuickSends.';
/** A mail piece SendJim may have sent although no answer came: never sent again on its own. */
export const MAYBE_MAILED =
  'SendJim did not answer after the mail piece was sent to it: it may have been mailed. Check SendJim before replaying this delivery.';
const MAX_TAGS = 50;
const MAX_TAG_LENGTH = 100;

/** The grant exchange's answer: the grant token, or why not (status 0: no answer). */
export type GrantAnswer = { ok: true; grantToken: string } | { ok: false; status: number; message: string };

/** An API answer; with no answer (status 0), whether the request may have reached SendJim. */
export interface SendJimAnswer extends ServiceAnswer {
  reached?: boolean;
}

/** SendJim as the provider sees it: its sign-in and its API. */
export interface SendJimTransport {
  /** SendJim's sign-in page for this app, with our callback and the one-time state. */
  authorizationUrl(input: { state: string; redirectUri: string }): string;
  /** The request token from the callback traded for a grant token. */
  grant(requestToken: string): Promise<GrantAnswer>;
  call(grantToken: string, call: ServiceCall): Promise<SendJimAnswer>;
  /** Ends the grant (the sandbox; SendJim documents no revocation endpoint). */
  revoke?(grantToken: string): Promise<void>;
  /** The sign-in page, when the transport serves it (the sandbox). */
  page?: FastifyPluginAsyncZod;
}

export function sendjimMeta(sandbox: boolean): ProviderMeta {
  const quickSend = {
    type: 'select',
    targets: 'quicksends',
    required: false,
  } as const;
  return {
    slug: SENDJIM_SLUG,
    name: 'SendJim (direct mail)',
    kind: 'direct-mail',
    auth: 'oauth',
    description: sandbox
      ? 'Sandbox: each lead becomes a contact in a sandbox SendJim account and is sent the campaign’s QuickSend as a sandbox mail piece (nothing is printed or mailed).'
      : 'Each lead becomes a SendJim contact and is mailed the campaign’s QuickSend (a postcard or letter) as soon as it is found.',
    connectFields: [
      {
        ...quickSend,
        name: 'quicksend_id',
        label: 'Default QuickSend',
        help: 'Mailed to the leads of campaigns that do not choose their own QuickSend.',
      },
    ],
    campaignFields: [
      {
        ...quickSend,
        name: 'quicksend_id',
        label: 'QuickSend',
        help: 'What each lead of this campaign is mailed. Leave empty to use the default QuickSend.',
      },
      {
        name: 'tags',
        label: 'Tags for each contact',
        type: 'tags',
        required: false,
        help: 'Added to the lead’s SendJim contact.',
      },
    ],
    targetKinds: ['quicksends'],
    sandbox,
  };
}

/** Tags as typed: trimmed, once each (whatever their case), at most 50 of 100 characters. */
export function normaliseTags(value: unknown): string[] {
  const list =
    typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map((v) => String(v)) : [];
  const seen = new Set<string>();
  const tags = list
    .map((t) => t.trim())
    .filter((t) => t !== '' && !seen.has(t.toLowerCase()) && seen.add(t.toLowerCase()));
  if (tags.length > MAX_TAGS) throw new ProviderInputError(`Choose at most ${MAX_TAGS} tags.`);
  if (tags.some((t) => t.length > MAX_TAG_LENGTH))
    throw new ProviderInputError(`A tag is at most ${MAX_TAG_LENGTH} characters long.`);
  return tags;
}

/** A QuickSend id as SendJim numbers them (a positive integer), or null when none was chosen. */
export function quickSendIdOf(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !/^[1-9]\d{0,9}$/.test(text) || Number(text) > 2_147_483_647)
    throw new ProviderInputError(CHOOSE_QUICKSEND);
  return text;
}

export function checkCampaignSettings(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const quickSend = quickSendIdOf(settings.quicksend_id);
  if (quickSend) out.quicksend_id = quickSend;
  const tags = normaliseTags(settings.tags);
  if (tags.length > 0) out.tags = tags;
  return out;
}

/** Spec 2 §7: an unnamed QuickSend is labelled 'Quick Send'. */
export const quickSendLabel = (name: unknown) =>
  typeof name === 'string' && name.trim() !== '' ? name.trim() : QUICK_SEND_LABEL;

/** `GET /quicksends`' answer (`{ QuickSends: [{ QuickSendID, Name, … }] }`) as targets. */
export function quickSendsOf(body: unknown): ProviderTarget[] {
  const rows = (body as { QuickSends?: unknown } | null)?.QuickSends;
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => {
    const id = (row as { QuickSendID?: unknown } | null)?.QuickSendID;
    if (typeof id !== 'number' && typeof id !== 'string') return [];
    return [{ id: String(id), name: quickSendLabel((row as { Name?: unknown }).Name) }];
  });
}

/** SendJim's `ContactData` for a lead, or null when it lacks what a mail piece needs. */
export function contactDataOf(lead: LeadPayload, tags: string[]) {
  const first = (text: readonly string[]) => text.map((t) => t.trim()).find((t) => t !== '');
  const contact = {
    FirstName: lead.first_name.trim(),
    LastName: lead.last_name.trim(),
    StreetAddress: lead.address.street.trim(),
    City: lead.address.city.trim(),
    State: lead.address.state.trim(),
    PostalCode: lead.address.zip.trim(),
    Email: first(lead.emails)?.toLowerCase(),
    PhoneNumber: first(lead.phones)?.replace(/\D/g, '') || undefined,
    Tags: tags,
  };
  const needed = [
    contact.FirstName,
    contact.LastName,
    contact.StreetAddress,
    contact.City,
    contact.State,
    contact.PostalCode,
  ];
  return needed.every((v) => v !== '') ? contact : null;
}

/** SendJim's words in an answer: `Message` (its own casing), else the usual fields. */
export function messageOf(body: unknown, status: number): string {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    for (const m of [b.Message, b.message, b.error_description, b.error]) {
      if (typeof m === 'string' && m.trim() !== '') return m.trim().slice(0, 500);
    }
  }
  return `SendJim answered HTTP ${status}.`;
}

type Outcome = { ok: true } | { ok: false; permanent: boolean; status: number; error: string };

/**
 * What an answer means. SendJim answers HTTP 200 with a non-zero `Code` (404, 405, 411, 412 …, and
 * 500 for its own faults) when it refuses a request, and 401 when the grant token is not valid.
 */
export function outcomeOf(answer: SendJimAnswer): Outcome {
  const { status } = answer;
  if (status === 0)
    return { ok: false, permanent: false, status, error: `SendJim did not answer: ${answer.message ?? ''}` };
  if (status === 401) return { ok: false, permanent: true, status, error: SIGN_IN_AGAIN };
  if (status === 429)
    return { ok: false, permanent: false, status, error: 'SendJim is rate limiting: sent again later.' };
  if (status < 200 || status >= 300)
    return {
      ok: false,
      permanent: status < 500,
      status,
      error: `SendJim answered HTTP ${status}: ${messageOf(answer.body, status)}`,
    };
  const code = Number((answer.body as { Code?: unknown } | null)?.Code ?? 0);
  if (!code) return { ok: true };
  if (code === 401) return { ok: false, permanent: true, status, error: SIGN_IN_AGAIN };
  return {
    ok: false,
    permanent: code < 500,
    status,
    error: `SendJim refused it (code ${code}): ${messageOf(answer.body, status)}`,
  };
}

/** The account's name from `GET /user` (its company, else its e-mail). */
function accountNameOf(body: unknown): string | null {
  const user = ((body as { User?: unknown } | null)?.User ?? body) as Record<string, unknown> | null;
  for (const v of [user?.CompanyName, user?.Email])
    if (typeof v === 'string' && v.trim() !== '') return v.trim().slice(0, 200);
  return null;
}

export function createSendJimCore(deps: {
  transport: SendJimTransport;
  sandbox: boolean;
}): IntegrationProvider {
  const { transport } = deps;

  /** The account's QuickSends; SendJim's refusal said as a `ProviderInputError`. */
  async function quickSends(grantToken: string | undefined): Promise<ProviderTarget[]> {
    if (!grantToken) throw new ProviderInputError(SIGN_IN_AGAIN);
    const answer = await transport.call(grantToken, { method: 'GET', path: '/quicksends' });
    const outcome = outcomeOf(answer);
    if (!outcome.ok) throw new ProviderInputError(outcome.error);
    return quickSendsOf(answer.body);
  }

  return {
    meta: sendjimMeta(deps.sandbox),

    async connect({ settings, previous }): Promise<ConnectResult> {
      // Connected by signing in; what remains to edit is the default QuickSend.
      const grantToken = previous?.secrets.grant_token;
      if (!previous || !grantToken) throw new ProviderInputError('Connect SendJim by signing in to it.');
      const { quicksend_id: _old, ...kept } = previous.settings;
      const chosen = quickSendIdOf(settings.quicksend_id);
      if (chosen && !(await quickSends(grantToken)).some((q) => q.id === chosen))
        throw new ProviderInputError(CHOOSE_QUICKSEND);
      return { settings: chosen ? { ...kept, quicksend_id: chosen } : kept, secrets: previous.secrets };
    },

    async disconnect(connection) {
      if (connection.secrets.grant_token) await transport.revoke?.(connection.secrets.grant_token);
    },

    checkCampaignSettings,

    oauth: {
      async authorizationUrl({ state, redirectUri }) {
        // SendJim's sign-in takes no PKCE challenge: the module's one-time state guards the return.
        return transport.authorizationUrl({ state, redirectUri });
      },
      async completeAuthorization({ code }): Promise<ConnectResult> {
        const got = await transport.grant(code);
        if (!got.ok)
          throw new ProviderInputError(
            got.status === 0 || got.status >= 500
              ? 'SendJim did not answer: try connecting again in a moment.'
              : `SendJim refused the sign-in: ${got.message}`,
          );
        const user = await transport.call(got.grantToken, { method: 'GET', path: '/user' });
        return {
          settings: { account_name: outcomeOf(user).ok ? accountNameOf(user.body) : null },
          secrets: { grant_token: got.grantToken },
        };
      },
    },

    async listTargets(connection: ProviderConnection, kind): Promise<ProviderTarget[]> {
      return kind === 'quicksends' ? quickSends(connection.secrets.grant_token) : [];
    },

    async deliver(request: DeliveryRequest): Promise<DeliveryResult> {
      const started = performance.now();
      const done = (summary: string, r: Omit<DeliveryResult, 'latencyMs' | 'request'>): DeliveryResult => ({
        ...r,
        latencyMs: performance.now() - started,
        request: summary,
      });
      let settings: Record<string, unknown>;
      let quickSend: string | null;
      try {
        settings = checkCampaignSettings(request.campaignSettings ?? {});
        quickSend =
          (settings.quicksend_id as string | undefined) ??
          quickSendIdOf(request.connection.settings.quicksend_id);
      } catch (err) {
        // Settings saved before a rule changed: nothing is sent until they are fixed.
        const error = err instanceof Error ? err.message : String(err);
        return done('POST /contact-quicksend (not sent)', { outcome: 'refused', permanent: true, error });
      }
      if (!quickSend)
        return done('POST /contact-quicksend (not sent)', {
          outcome: 'refused',
          permanent: true,
          error: NO_QUICKSEND,
        });
      const grantToken = request.connection.secrets.grant_token;
      if (!grantToken)
        return done('POST /contact-quicksend (not sent)', {
          outcome: 'failed',
          permanent: true,
          error: SIGN_IN_AGAIN,
        });

      if (request.lead.test) {
        // A test payload must not print and post a card: it checks the sign-in and the QuickSend only.
        const summary = `GET /quicksends (test payload: QuickSend ${quickSend} checked, nothing mailed)`;
        const answer = await transport.call(grantToken, { method: 'GET', path: '/quicksends' });
        const outcome = outcomeOf(answer);
        if (!outcome.ok)
          return done(summary, {
            outcome: 'failed',
            permanent: outcome.permanent,
            httpStatus: outcome.status || undefined,
            error: outcome.error,
          });
        if (!quickSendsOf(answer.body).some((q) => q.id === quickSend))
          return done(summary, {
            outcome: 'failed',
            permanent: true,
            httpStatus: answer.status,
            error: `QuickSend ${quickSend} is not in the SendJim account: ${CHOOSE_QUICKSEND}`,
          });
        return done(summary, { outcome: 'delivered', httpStatus: answer.status });
      }

      const tags = (settings.tags as string[] | undefined) ?? [];
      const contact = contactDataOf(request.lead, tags);
      const summary = `POST /contact-quicksend (QuickSend ${quickSend}, ${tags.length} tag${tags.length === 1 ? '' : 's'})`;
      if (!contact) return done(summary, { outcome: 'refused', permanent: true, error: NEEDS_ADDRESS });
      const answer = await transport.call(grantToken, {
        method: 'POST',
        path: '/contact-quicksend',
        body: { QuickSendID: Number(quickSend), ContactData: contact },
        idempotencyKey: request.idempotencyKey,
      });
      const outcome = outcomeOf(answer);
      if (outcome.ok) return done(summary, { outcome: 'delivered', httpStatus: answer.status });
      // No answer after the request left: a paid mail piece may exist, so it is not sent again blindly.
      const maybeMailed = answer.status === 0 && answer.reached !== false;
      return done(summary, {
        outcome: 'failed',
        permanent: maybeMailed || outcome.permanent,
        httpStatus: outcome.status || undefined,
        error: maybeMailed ? `${MAYBE_MAILED} (${answer.message ?? 'no answer'})` : outcome.error,
      });
    },

    ...(transport.page ? { page: transport.page } : {}),
  };
}
