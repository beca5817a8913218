import { apiRequestLog, companies, DEMO, eq, paymentOperations, sql } from '@app/db';
import type { TestRuntime } from '../harness.js';
import { saveCard } from './cards.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from './users.js';

/** Open API calls: plain JSON, a key's bearer token (no dt envelope). */
export function openApi(rt: TestRuntime) {
  return {
    call(
      method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
      url: string,
      token: string | null,
      body?: unknown,
      headers: Record<string, string> = {},
    ) {
      return rt.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        remoteAddress: '203.0.113.7',
        payload: body === undefined ? undefined : JSON.stringify(body),
      });
    },
    /** The docs' exchange: HTTP Basic and a form-encoded grant. */
    async token(clientId: string, secret: string) {
      const res = await rt.app.inject({
        method: 'POST',
        url: '/api/v1/oauth/token',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        remoteAddress: '203.0.113.7',
        payload: 'grant_type=client_credentials',
      });
      return res;
    },
  };
}

/**
 * Northwind made ready for the Developer API the way the product gets there: the platform turns
 * developer mode on (here in the table: the switch has its own tests), the owner saves a card (the
 * seed's payment account is completed), the system sets a developer fee, the owner accepts the
 * developer agreement.
 */
export async function developerAgency(rt: TestRuntime, options: { fee?: string; accept?: boolean } = {}) {
  const owner = await who(rt, PEOPLE.northwind);
  const root = await who(rt, PEOPLE.root);
  await rt.database.db.update(companies).set({ apiMode: true }).where(eq(companies.id, owner.company));
  await saveCard(rt, owner, 'tok_visa');
  const fee = await put(
    rt,
    '/v1/developer/settings',
    { first_time_charge: options.fee ?? '49.00' },
    root.token,
  );
  if (fee.statusCode !== 200) throw new Error(`fee not set: ${fee.body}`);
  if (options.accept ?? true) await acceptDeveloperAgreement(rt, owner);
  return { owner, root };
}

export async function acceptDeveloperAgreement(rt: TestRuntime, owner: Who) {
  const res = await put(
    rt,
    `/marketing-services-agreement/${owner.company}`,
    {
      user_id: owner.id,
      is_marketing_services_agreement_developer: 'T',
      company_name: DEMO.northwind.name,
      company_id: owner.company,
      location_menu: 'developer',
      document_type: 'marketing-services-agreement-developer',
    },
    owner.token,
  );
  if (res.statusCode !== 200) throw new Error(`agreement not accepted: ${res.body}`);
}

export const createKey = (rt: TestRuntime, owner: Who) =>
  post(
    rt,
    '/v1/developer/create/userapi',
    { companyID: owner.company, email: 'dev@northwind.test' },
    owner.token,
  );

export const keyState = (rt: TestRuntime, owner: Who) =>
  get(rt, `/v1/developer/userapi/${owner.company}`, owner.token);

/** The developer fee's charges of a company (payment operations by business key). */
export async function feeOperations(rt: TestRuntime, companyId: number) {
  return rt.database.db
    .select()
    .from(paymentOperations)
    .where(sql`${paymentOperations.businessKey} like ${`developer-fee:${companyId}:%`}`);
}

export async function callLog(rt: TestRuntime, keyId: number) {
  return rt.database.db.select().from(apiRequestLog).where(eq(apiRequestLog.keyId, keyId));
}

export { companyByName };
