import { createHash } from 'node:crypto';
import { type Database, queryRows, sql } from '@app/db';
import { z } from 'zod';
import { newId } from '../sandbox-kit/ids.js';
import { createOauthGrants } from '../sandbox-kit/oauth-grants.js';
import { GHL_SLUG } from './core.js';
import { answer, isAnswer, refused, type SandboxLocation } from './sandbox-answers.js';
import { consentPage, SANDBOX_CLIENT_ID, SANDBOX_PAGE_PATH } from './sandbox-consent.js';
import { createSandboxMenus } from './sandbox-menus.js';
import type { ApiAnswer, ApiCall, GhlTransport, TokenAnswer } from './transport.js';

/*
 * The GoHighLevel sandbox (decision 0097): GoHighLevel's OAuth and the API calls the provider makes,
 * answered from local state in the sandbox tables, with GoHighLevel's statuses and messages. A demo
 * agency with three sub-accounts (locations) and a few tags each is created on first use; its
 * consent page (plain server-rendered HTML, labelled Sandbox on every line a person reads) lets the
 * person choose a sub-account and allow or deny. Codes are single use, ten minutes, bound to the
 * redirect URI and the PKCE challenge; access tokens last 24 hours; a refresh token is good once
 * (rotated). Only SHA-256 hashes of codes and tokens are stored. Contacts are upserted by e-mail
 * (then phone), tags a location does not have are created, as GoHighLevel does.
 */

export { SANDBOX_CLIENT_ID, SANDBOX_PAGE_PATH } from './sandbox-consent.js';

const CODE_MINUTES = 10;
const ACCESS_SECONDS = 24 * 60 * 60;
const REFRESH_DAYS = 365;

const AGENCY = { externalId: 'sbx_agency_demo', name: 'Sandbox agency (GoHighLevel sandbox)' };
/** The sub-accounts, with the business profile GoHighLevel keeps for each (a client is made from it). */
const LOCATIONS = [
  {
    externalId: 'sbx_loc_downtown',
    name: 'Sandbox: Downtown Office',
    tags: ['new lead', 'website visitor'],
    profile: {
      firstName: 'Dana',
      lastName: 'Downtown',
      email: 'downtown@ghl-sandbox.test',
      phone: '+13035550142',
    },
  },
  {
    externalId: 'sbx_loc_uptown',
    name: 'Sandbox: Uptown Clinic',
    tags: ['new lead', 'follow up', 'hot'],
    profile: {
      firstName: 'Uma',
      lastName: 'Uptown',
      email: 'uptown@ghl-sandbox.test',
      phone: '+17205550123',
    },
  },
  {
    externalId: 'sbx_loc_lakeside',
    name: 'Sandbox: Lakeside Branch',
    tags: ['new lead', 'newsletter'],
    profile: {
      firstName: 'Lee',
      lastName: 'Lakeside',
      email: 'lakeside@ghl-sandbox.test',
      phone: '+13035550199',
    },
  },
];

type Location = SandboxLocation;

const grantRefused = (message: string): TokenAnswer => ({
  ok: false,
  status: 400,
  error: 'invalid_grant',
  message,
});

/** A sandbox e-mail check as strict as GoHighLevel's validator is in practice. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function createGoHighLevelSandbox(deps: { db: Database }): GhlTransport & {
  /** The sandbox's sub-accounts, created on first use (the tests and the demo read them). */
  locations(): Promise<Location[]>;
} {
  const { db } = deps;
  const grants = createOauthGrants({ db, provider: GHL_SLUG });
  let seeded: Promise<{ agency: number; locations: Location[] }> | null = null;

  async function seed() {
    await db.execute(
      sql`insert into sandbox_integration_accounts (provider, external_id, name, data)
          values (${GHL_SLUG}, ${AGENCY.externalId}, ${AGENCY.name}, '{"sandbox": true}'::jsonb)
          on conflict (provider, external_id) do nothing`,
    );
    const [agency] = await queryRows<{ id: number }>(
      db,
      sql`select id from sandbox_integration_accounts
           where provider = ${GHL_SLUG} and external_id = ${AGENCY.externalId}`,
    );
    const agencyId = Number((agency as { id: number }).id);
    for (const l of LOCATIONS) {
      const data = JSON.stringify({ sandbox: true, country: 'US', ...l.profile });
      // A sandbox made before the profiles were kept gets them now.
      await db.execute(
        sql`insert into sandbox_integration_accounts (provider, external_id, parent_id, name, data)
            values (${GHL_SLUG}, ${l.externalId}, ${agencyId}, ${l.name}, ${data}::jsonb)
            on conflict (provider, external_id)
            do update set data = excluded.data || sandbox_integration_accounts.data
             where not (sandbox_integration_accounts.data ? 'email')`,
      );
    }
    const locations = await queryRows<Location>(
      db,
      sql`select id, external_id, name, parent_id, data from sandbox_integration_accounts
           where provider = ${GHL_SLUG} and parent_id = ${agencyId} order by external_id`,
    );
    for (const l of LOCATIONS) {
      const row = locations.find((x) => x.external_id === l.externalId);
      if (row) await createTags(row.id, l.tags);
    }
    return { agency: agencyId, locations };
  }
  const menus = createSandboxMenus({
    db,
    agency: async () => {
      const { agency, locations } = await ensureSeeded();
      return { accountId: agency, locationIds: locations.map((l) => l.external_id) };
    },
  });

  const ensureSeeded = () => {
    seeded ??= seed().catch((err) => {
      seeded = null;
      throw err;
    });
    return seeded;
  };

  async function createTags(accountId: number, names: readonly string[]) {
    for (const name of names)
      await db.execute(
        sql`insert into sandbox_integration_records (provider, account_id, kind, idempotency_key, data)
            values (${GHL_SLUG}, ${accountId}, 'tag', ${`tag:${name}`},
                    ${JSON.stringify({ id: newId('sbx_tag_'), name, sandbox: true })}::jsonb)
            on conflict (provider, account_id, idempotency_key) where idempotency_key is not null do nothing`,
      );
  }

  async function locationByExternalId(externalId: string): Promise<Location | null> {
    const { agency } = await ensureSeeded();
    const [row] = await queryRows<Location>(
      db,
      sql`select id, external_id, name, parent_id, data from sandbox_integration_accounts
           where provider = ${GHL_SLUG} and external_id = ${externalId} and parent_id = ${agency}`,
    );
    return row ?? null;
  }

  /** A new access and refresh token for the grant (the chain a sign-in started). */
  async function tokenPair(accountId: number, grant: string): Promise<TokenAnswer> {
    const location = (await ensureSeeded()).locations.find((l) => l.id === accountId);
    const access = await grants.issue('access', accountId, ACCESS_SECONDS, { grant });
    const refresh = await grants.issue('refresh', accountId, REFRESH_DAYS * 86_400, { grant });
    return {
      ok: true,
      tokens: {
        access_token: access,
        refresh_token: refresh,
        expires_in: ACCESS_SECONDS - 1,
        locationId: location?.external_id,
        companyId: AGENCY.externalId,
        userType: 'Location',
      },
    };
  }

  /** The location an access token acts for, or null (unknown, expired, revoked: GoHighLevel's 401). */
  const bearer = (token: string): Promise<Location | null> => grants.holder(token);

  /** A location the token may act on: its own, or another of the same agency (403 otherwise). */
  async function reachable(caller: Location, externalId: string): Promise<Location | ApiAnswer> {
    const target = await locationByExternalId(externalId);
    if (!target) return refused(404, 'Location not found');
    if (target.parent_id !== caller.parent_id)
      return refused(403, 'The token does not have access to this location.');
    return target;
  }

  async function tagsOf(accountId: number) {
    const rows = await queryRows<{ data: { id: string; name: string } }>(
      db,
      sql`select data from sandbox_integration_records
           where provider = ${GHL_SLUG} and account_id = ${accountId} and kind = 'tag' order by id`,
    );
    return rows.map((r) => ({ id: r.data.id, name: r.data.name, locationId: '' }));
  }

  async function upsertContact(caller: Location, body: unknown, idempotencyKey: string | undefined) {
    const parsed = contactBody.safeParse(body);
    if (!parsed.success)
      return refused(
        422,
        parsed.error.issues.map((i) => `${i.path.join('.') || 'body'} ${i.message}`),
      );
    const c = parsed.data;
    const target = await reachable(caller, c.locationId);
    if (isAnswer(target)) return target;
    const email = c.email?.trim().toLowerCase() || undefined;
    const phone = c.phone?.replace(/[^\d+]/g, '') || undefined;
    if (!email && !phone) return refused(400, 'Contact must have an email or a phone number.');
    if (email && !EMAIL.test(email)) return refused(422, ['email must be an email']);
    const tags = [...new Set((c.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean))];
    await createTags(target.id, tags);
    const key = email ? `contact:email:${email}` : `contact:phone:${phone}`;
    const fields = {
      id: newId('sbx_ct_'),
      sandbox: true,
      locationId: target.external_id,
      firstName: c.firstName,
      lastName: c.lastName,
      email,
      phone,
      address1: c.address1,
      city: c.city,
      state: c.state,
      postalCode: c.postalCode,
      source: c.source,
      tags,
      idempotency_key: idempotencyKey ?? null,
      upserts: 1,
      created_at: new Date().toISOString(),
    };
    const [row] = await queryRows<{ data: Record<string, unknown>; inserted: boolean }>(
      db,
      sql`insert into sandbox_integration_records as r (provider, account_id, kind, idempotency_key, data)
          values (${GHL_SLUG}, ${target.id}, 'contact', ${key}, ${JSON.stringify(fields)}::jsonb)
          on conflict (provider, account_id, idempotency_key) where idempotency_key is not null
          do update set data = r.data || jsonb_strip_nulls(excluded.data) || jsonb_build_object(
                'id', r.data->'id',
                'created_at', r.data->'created_at',
                'upserts', coalesce((r.data->>'upserts')::int, 1) + 1,
                'tags', (select coalesce(jsonb_agg(t order by t), '[]'::jsonb)
                           from (select jsonb_array_elements_text(r.data->'tags') as t
                                 union
                                 select jsonb_array_elements_text(excluded.data->'tags')) u))
          returning data, (xmax = 0) as inserted`,
    );
    const data = (row as { data: Record<string, unknown> }).data;
    return answer(row?.inserted ? 201 : 200, {
      new: Boolean(row?.inserted),
      contact: { ...data, idempotency_key: undefined, upserts: undefined },
    });
  }

  async function call(accessToken: string, request: ApiCall): Promise<ApiAnswer> {
    const caller = await bearer(accessToken);
    if (!caller) return refused(401, 'Invalid JWT');
    const url = new URL(request.path, 'http://sandbox.invalid');
    const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
    if (request.method === 'POST' && url.pathname === '/contacts/upsert')
      return upsertContact(caller, request.body, request.idempotencyKey);
    // Custom Menu Links (decision 0109): a token of any sub-account acts for the sandbox agency.
    if (parts[0] === 'custom-menus') return menus.call(request.method, parts.slice(1), request.body);
    if (request.method === 'GET' && parts[0] === 'locations' && parts[1] === 'search' && parts.length === 2) {
      const companyId = url.searchParams.get('companyId');
      if (companyId !== AGENCY.externalId)
        return refused(403, 'The token does not have access to this company.');
      const skip = Math.max(0, Number(url.searchParams.get('skip') ?? 0) || 0);
      const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 10) || 10));
      const { locations } = await ensureSeeded();
      return answer(200, {
        locations: locations
          .slice(skip, skip + limit)
          .map((l) => ({ id: l.external_id, name: l.name, companyId: AGENCY.externalId })),
      });
    }
    if (request.method === 'GET' && parts[0] === 'locations' && parts.length >= 2 && parts.length <= 3) {
      const target = await reachable(caller, parts[1] as string);
      if (isAnswer(target)) return target;
      if (parts.length === 2) {
        const { firstName, lastName, email, phone, country } = target.data as Record<string, unknown>;
        return answer(200, {
          location: {
            id: target.external_id,
            name: target.name,
            companyId: AGENCY.externalId,
            ...{ firstName, lastName, email, phone, country },
          },
        });
      }
      if (parts[2] === 'tags')
        return answer(200, {
          tags: (await tagsOf(target.id)).map((t) => ({ ...t, locationId: target.external_id })),
        });
    }
    return refused(404, `Cannot ${request.method} ${url.pathname}`);
  }

  async function issueCode(input: {
    locationId: string;
    redirectUri: string;
    codeChallenge: string;
  }): Promise<string | null> {
    const location = await locationByExternalId(input.locationId);
    if (!location) return null;
    return grants.issue('code', location.id, CODE_MINUTES * 60, {
      client_id: SANDBOX_CLIENT_ID,
      redirect_uri: input.redirectUri,
      code_challenge: input.codeChallenge,
      grant: newId('grant_'),
    });
  }

  return {
    async locations() {
      return (await ensureSeeded()).locations;
    },

    authorizationUrl({ state, redirectUri, codeChallenge }) {
      // The consent page is served by this app, on the host the person came from.
      const url = new URL(SANDBOX_PAGE_PATH, new URL(redirectUri).origin);
      url.search = new URLSearchParams({
        response_type: 'code',
        client_id: SANDBOX_CLIENT_ID,
        redirect_uri: redirectUri,
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.href;
    },

    async exchangeCode({ code, redirectUri, codeVerifier }) {
      const taken = await grants.take(code, 'code');
      if (!taken) return grantRefused('The authorization code is not valid or was already used.');
      if (!taken.live) return grantRefused('The authorization code has expired.');
      if (taken.data.redirect_uri !== redirectUri)
        return grantRefused('The redirect URI does not match the one the code was issued to.');
      const challenge = createHash('sha256').update(codeVerifier).digest('base64url');
      if (challenge !== taken.data.code_challenge) return grantRefused('PKCE verification failed.');
      return tokenPair(taken.account_id, taken.data.grant as string);
    },

    async refresh(refreshToken) {
      const taken = await grants.take(refreshToken, 'refresh');
      if (!taken?.live) return grantRefused('Invalid refresh token.');
      return tokenPair(taken.account_id, taken.data.grant as string);
    },

    call,

    async revoke(secrets) {
      await grants.revokeGrants([secrets.access_token, secrets.refresh_token]);
    },

    page: consentPage({ locations: async () => (await ensureSeeded()).locations, issueCode }),
  };
}

const contactBody = z.object({
  locationId: z.string().min(1, 'should not be empty'),
  firstName: z.string().max(200).optional(),
  lastName: z.string().max(200).optional(),
  email: z.string().max(320).optional(),
  phone: z.string().max(40).optional(),
  address1: z.string().max(500).optional(),
  city: z.string().max(200).optional(),
  state: z.string().max(200).optional(),
  postalCode: z.string().max(40).optional(),
  tags: z.array(z.string().max(100)).max(100).optional(),
  source: z.string().max(500).optional(),
});
