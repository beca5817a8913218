import { randomInt } from 'node:crypto';
import { type Database, queryRows, sql } from '@app/db';
import { ProviderInputError } from '../provider.js';
import {
  createSandboxRecords,
  newId,
  randomText,
  type SandboxRecord,
  sha256Hex,
} from '../sandbox-kit/index.js';
import { AGENCY_ZOOM_SLUG, type AgencyZoomTransport, type PostResult } from './core.js';

/*
 * The AgencyZoom sandbox (decision 0106): AgencyZoom's lead webhooks, answered from local state in
 * the generic sandbox tables. Each sandbox lead webhook is an account (`Sandbox: AgencyZoom lead
 * webhook …`) whose URL, `https://sandbox.agencyzoom.invalid/v1/api/lead/webhook/sbx_azwh_…` (a name
 * that can never resolve), carries its token; only the token's SHA-256 is stored. A POST to it is
 * checked as AgencyZoom checks a lead (a JSON object, a name, an e-mail or a phone, a valid e-mail,
 * lengths) and answered with AgencyZoom's shapes: `{message, id, result}` when the lead is made,
 * `{error, fieldErrors}` with 400 when not, 404 for a webhook it does not know. Leads are records
 * keyed by the request's Idempotency-Key, so a repeated delivery is one lead with `upserts` counted.
 */

export const SANDBOX_WEBHOOK_ORIGIN = 'https://sandbox.agencyzoom.invalid';
const PATH = /^\/v1\/api\/lead\/webhook\/(sbx_azwh_[A-Za-z0-9_-]{32,64})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const MAX_FIELD = 255;
const NOTES_MAX = 4000;

const answer = (status: number, body: unknown, startedAt: number): PostResult => ({
  kind: 'response',
  status,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
  truncated: false,
  latencyMs: Date.now() - startedAt,
  address: 'sandbox',
});

type FieldError = { field: string; error: string };

/** AgencyZoom's checks of a lead, as field errors (none: the lead can be made). */
function fieldErrors(lead: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  const text = (field: string) => (typeof lead[field] === 'string' ? (lead[field] as string).trim() : '');
  for (const [field, value] of Object.entries(lead)) {
    if (value !== null && typeof value !== 'string') errors.push({ field, error: 'must be a string' });
    else if (typeof value === 'string' && value.length > (field === 'notes' ? NOTES_MAX : MAX_FIELD))
      errors.push({
        field,
        error: `is too long (${field === 'notes' ? NOTES_MAX : MAX_FIELD} characters at most)`,
      });
  }
  if (!text('firstname') && !text('lastname'))
    errors.push({ field: 'firstname', error: 'First name or last name is required' });
  if (!text('email') && !text('phone')) errors.push({ field: 'email', error: 'Email or phone is required' });
  for (const field of ['email', 'secondaryEmail'])
    if (text(field) && !EMAIL.test(text(field)))
      errors.push({ field, error: 'is not a valid email address' });
  return errors;
}

export function createAgencyZoomSandbox(deps: { db: Database }): AgencyZoomTransport & {
  /** The leads a sandbox webhook received, oldest first (the tests and the demo read them). */
  leadsOf(webhookUrl: string): Promise<SandboxRecord[]>;
} {
  const { db } = deps;
  const records = createSandboxRecords({ db, provider: AGENCY_ZOOM_SLUG });

  const tokenOf = (url: URL) =>
    url.origin === SANDBOX_WEBHOOK_ORIGIN ? (PATH.exec(url.pathname)?.[1] ?? null) : null;

  /** The account of a live sandbox webhook token, or null. */
  async function accountOf(token: string): Promise<number | null> {
    const [row] = await queryRows<{ account_id: number }>(
      db,
      sql`select account_id from sandbox_integration_tokens
           where token_hash = ${sha256Hex(token)} and provider = ${AGENCY_ZOOM_SLUG} and kind = 'lead_webhook'
             and revoked_at is null and expires_at > now()`,
    );
    return row ? Number(row.account_id) : null;
  }

  async function receive(
    url: URL,
    init: { headers: Record<string, string>; body: string },
  ): Promise<PostResult> {
    const startedAt = Date.now();
    const token = tokenOf(url);
    const account = token ? await accountOf(token) : null;
    if (!account) return answer(404, { error: 'Lead webhook not found' }, startedAt);
    let lead: unknown;
    try {
      lead = JSON.parse(init.body);
    } catch {
      return answer(400, { error: 'Invalid JSON body', fieldErrors: [] }, startedAt);
    }
    if (!lead || typeof lead !== 'object' || Array.isArray(lead))
      return answer(400, { error: 'The body must be a JSON object', fieldErrors: [] }, startedAt);
    const errors = fieldErrors(lead as Record<string, unknown>);
    if (errors.length > 0) return answer(400, { error: 'Invalid lead', fieldErrors: errors }, startedAt);
    const key = init.headers['idempotency-key'] || newId('sbx_req_');
    const { record, inserted } = await records.upsert(account, {
      kind: 'lead',
      key,
      data: { ...(lead as Record<string, unknown>), id: randomInt(1, 2_147_483_647), sandbox: true },
    });
    return answer(
      200,
      { message: inserted ? 'Lead created' : 'Lead updated', id: record.id, result: true },
      startedAt,
    );
  }

  return {
    refusal(url) {
      return tokenOf(url)
        ? null
        : `This deployment uses the AgencyZoom sandbox: use a sandbox lead webhook URL (${SANDBOX_WEBHOOK_ORIGIN}/…), or leave the field empty for a new one.`;
    },

    async verify(url) {
      const token = tokenOf(url);
      if (!token || !(await accountOf(token)))
        throw new ProviderInputError(
          'The AgencyZoom sandbox has no such lead webhook: leave the field empty for a new one.',
        );
    },

    post: (url, init) => receive(new URL(url), init),

    async newWebhook(name) {
      const token = `sbx_azwh_${randomText(32)}`;
      const externalId = newId('sbx_az_');
      const [account] = await queryRows<{ id: number }>(
        db,
        sql`insert into sandbox_integration_accounts (provider, external_id, name, data)
            values (${AGENCY_ZOOM_SLUG}, ${externalId}, ${`Sandbox: AgencyZoom lead webhook (${name})`},
                    '{"sandbox": true}'::jsonb)
            returning id`,
      );
      await db.execute(
        sql`insert into sandbox_integration_tokens (token_hash, provider, kind, account_id, data, expires_at)
            values (${sha256Hex(token)}, ${AGENCY_ZOOM_SLUG}, 'lead_webhook', ${account?.id},
                    '{}'::jsonb, now() + interval '100 years')`,
      );
      return `${SANDBOX_WEBHOOK_ORIGIN}/v1/api/lead/webhook/${token}`;
    },

    async leadsOf(webhookUrl) {
      const token = tokenOf(new URL(webhookUrl));
      const account = token ? await accountOf(token) : null;
      return account ? records.list(account, 'lead') : [];
    },
  };
}
