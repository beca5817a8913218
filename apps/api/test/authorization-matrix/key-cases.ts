import { apiKeys, type Database, sql } from '@app/db';
import { API_SCOPES, type ApiScope } from '@app/policy';
import type { IdKind, Person, PersonIds } from './world.js';

/**
 * The Open API's rows of the authorization matrix (decision 0100): every route with a `key` rule ×
 * key principals × the id kinds. A key is Northwind's (an agency): its campaigns and clients are
 * those of Harbor Dental and Cedar Home; Summit's and the other system's are outside its reach.
 */
export type KeyPrincipalName = 'agencyKey' | 'readOnlyKey';

export const KEY_PRINCIPALS: Record<KeyPrincipalName, readonly ApiScope[]> = {
  agencyKey: API_SCOPES,
  readOnlyKey: ['campaigns:read'],
};

export interface KeyCase {
  route: string;
  /** The id the row varies, and where it goes. */
  vary: { resource: 'campaign' | 'company'; field: string } | null;
  request(id: number | string | null): { url: string; body?: unknown };
}

/** Whose row an id kind names for Northwind's key ('own' is Harbor Dental, its client). */
export function keySubject(kind: IdKind): Person | null {
  switch (kind) {
    case 'own':
      return 'client';
    case 'siblingClient':
      return 'siblingClient';
    case 'otherAgency':
      return 'otherAgencyClient';
    case 'otherSystem':
      return 'otherSystem';
    default:
      return null;
  }
}
export const keyReaches = (subject: Person | null) => subject === 'client' || subject === 'siblingClient';

/** A webhook URL on the discard port of this machine (the matrix runtime permits 127.0.0.1). */
const MATRIX_HOOK = 'http://127.0.0.1:9/matrix-key-hook';

export const KEY_MATRIX_CASES: KeyCase[] = [
  {
    route: 'GET /api/v1/campaigns',
    vary: { resource: 'company', field: 'client_id' },
    request: (id) => ({ url: `/api/v1/campaigns${id === null ? '' : `?client_id=${id}`}` }),
  },
  { route: 'GET /api/v1/campaigns', vary: null, request: () => ({ url: '/api/v1/campaigns' }) },
  {
    route: 'POST /api/v1/campaigns',
    vary: { resource: 'company', field: 'client_id' },
    request: (id) => ({
      url: '/api/v1/campaigns',
      body: { client_id: id, module: 'local', name: 'Matrix key' },
    }),
  },
  {
    route: 'PATCH /api/v1/campaigns/:id',
    vary: { resource: 'campaign', field: 'id' },
    request: (id) => ({ url: `/api/v1/campaigns/${id}`, body: { name: 'Matrix key edit' } }),
  },
  {
    route: 'POST /api/v1/campaigns/:id/pause',
    vary: { resource: 'campaign', field: 'id' },
    request: (id) => ({ url: `/api/v1/campaigns/${id}/pause` }),
  },
  {
    route: 'GET /api/v1/leads',
    vary: { resource: 'campaign', field: 'campaign_id' },
    request: (id) => ({ url: `/api/v1/leads${id === null ? '' : `?campaign_id=${id}`}` }),
  },
  {
    route: 'GET /api/v1/suppression-entries',
    vary: null,
    request: () => ({ url: '/api/v1/suppression-entries' }),
  },
  {
    route: 'POST /api/v1/suppression-entries',
    vary: null,
    request: () => ({
      url: '/api/v1/suppression-entries',
      body: { md5s: ['0123456789abcdef0123456789abcdef'] },
    }),
  },
  // Webhook endpoints (decision 0106): a company of the key's reach (its clients) or the key's own
  // when none is named; a campaign of its clients. Nothing listens on the discard port: the matrix
  // runtime lets 127.0.0.1 through, and the endpoint is only connected, never called.
  {
    route: 'GET /api/v1/webhook-endpoints',
    vary: { resource: 'company', field: 'company_id' },
    request: (id) => ({ url: `/api/v1/webhook-endpoints${id === null ? '' : `?company_id=${id}`}` }),
  },
  {
    route: 'GET /api/v1/webhook-endpoints',
    vary: null,
    request: () => ({ url: '/api/v1/webhook-endpoints' }),
  },
  {
    route: 'POST /api/v1/webhook-endpoints',
    vary: null,
    request: () => ({ url: '/api/v1/webhook-endpoints', body: { url: MATRIX_HOOK } }),
  },
  {
    route: 'POST /api/v1/webhook-endpoints',
    vary: { resource: 'company', field: 'company_id' },
    request: (id) => ({ url: '/api/v1/webhook-endpoints', body: { company_id: id, url: MATRIX_HOOK } }),
  },
  {
    route: 'PATCH /api/v1/webhook-endpoints/:company_id',
    vary: { resource: 'company', field: 'company_id' },
    request: (id) => ({ url: `/api/v1/webhook-endpoints/${id}`, body: { tags: ['matrix'] } }),
  },
  {
    route: 'GET /api/v1/campaigns/:id/webhooks',
    vary: { resource: 'campaign', field: 'id' },
    request: (id) => ({ url: `/api/v1/campaigns/${id}/webhooks` }),
  },
  {
    route: 'PUT /api/v1/campaigns/:id/webhook',
    vary: { resource: 'campaign', field: 'id' },
    request: (id) => ({ url: `/api/v1/campaigns/${id}/webhook`, body: { url: `${MATRIX_HOOK}/campaign` } }),
  },
  {
    route: 'DELETE /api/v1/campaigns/:id/webhook',
    vary: { resource: 'campaign', field: 'id' },
    request: (id) => ({ url: `/api/v1/campaigns/${id}/webhook` }),
  },
  {
    route: 'DELETE /api/v1/webhook-endpoints/:company_id',
    vary: { resource: 'company', field: 'company_id' },
    request: (id) => ({ url: `/api/v1/webhook-endpoints/${id}` }),
  },
];

/**
 * Gives Northwind what a key needs to work (developer mode on, the developer agreement accepted)
 * and a key made by its owner; answers the key's id.
 */
export async function northwindKey(db: Database, owner: PersonIds): Promise<number> {
  await db.execute(sql`update companies set api_mode = true, is_marketing_services_agreement_developer = true
    where id = ${owner.company}`);
  await db.execute(sql`insert into agreement_acceptances (system_id, company_id, user_id, accepted_by_user_id,
      document_id, document_name, document_version, party_name, content_sha256, company_name, ip)
    select ${owner.system}, ${owner.company}, ${owner.user}, ${owner.user}, d.id, d.name, d.version, 'matrix',
      'matrix', 'matrix', '192.0.2.1'
    from documents d where d.name = 'marketing-services-agreement-developer' order by d.version desc limit 1`);
  const [key] = await db
    .insert(apiKeys)
    .values({
      systemId: owner.system,
      companyId: owner.company,
      clientId: `lo_matrix_${owner.company}`,
      secretSha256: '0'.repeat(64),
      secretHint: 'xxxx',
      scopes: [...API_SCOPES],
      createdByUserId: owner.user,
    })
    .returning({ id: apiKeys.id });
  if (!key) throw new Error('no matrix key');
  return key.id;
}
