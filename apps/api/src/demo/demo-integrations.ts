import { type Database, DEMO } from '@app/db';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../modules/tenancy/index.js';
import { demoPrincipal } from './demo-principal.js';

/** The app's own request injection: every step below goes through the product's routes. */
type Inject = Pick<FastifyInstance, 'inject'>;

const SLUG = 'gohighlevel';
/** The sandbox's consent page (decision 0097); any other address is a real provider: left alone. */
const SANDBOX_CONSENT_PATH = '/sandbox/oauth/gohighlevel/authorize';
const IP = '127.0.0.1';

/** The demo clients connected to the GoHighLevel sandbox, each to its own sandbox sub-account. */
export const DEMO_CRM_CLIENTS = [
  { email: DEMO.northwind.clients[0].contact.email, locationId: 'sbx_loc_downtown' },
  { email: DEMO.northwind.clients[1].contact.email, locationId: 'sbx_loc_uptown' },
] as const;

/**
 * The demo shows integrations working (decision 0099): at the demo's first start (the caller),
 * sandbox only, Harbor Dental's and Cedar Home's contacts connect the GoHighLevel sandbox the way a
 * person does: the integration's "Connect" (the module's own authorize), then through the product's
 * routes the sandbox's consent page, Allow one sandbox sub-account, and the redirect to the OAuth callback, which stores the connection
 * (tokens sealed, the connection logged). From then on every lead of their campaigns (the demo
 * visitor simulator's too) becomes a sandbox contact and a delivered row in the delivery console.
 * No webhook is connected: see the decision. A failure is logged and the start goes on.
 */
export interface DemoIntegrationsDeps {
  db: Database;
  app: Inject;
  isSandbox: (systemId: number) => Promise<boolean>;
  /** The integrations module's GoHighLevel: sandbox or not, connected or not, its consent started. */
  crm: {
    sandbox: boolean;
    connected: (companyId: number) => Promise<boolean>;
    startConsent: (person: Principal) => Promise<{ url: string }>;
  };
}

export async function seedDemoIntegrations(deps: DemoIntegrationsDeps): Promise<void> {
  for (const client of DEMO_CRM_CLIENTS) {
    try {
      const outcome = await connectCrm(deps, client.email, client.locationId);
      if (outcome !== 'connected' && outcome !== null)
        console.warn(`Demo CRM of ${client.email} not connected: ${outcome}`);
    } catch (error) {
      console.warn(`Demo CRM of ${client.email} not connected: ${(error as Error).message}`);
    }
  }
}

async function connectCrm(
  deps: DemoIntegrationsDeps,
  email: string,
  locationId: string,
): Promise<string | null> {
  const { app } = deps;
  const person = await demoPrincipal(deps.db, email);
  if (!person) return 'the person is not there';
  // Beside a real payment gateway the demo makes nothing (said by no one, as the other demo steps).
  if (!(await deps.isSandbox(person.systemId))) return null;
  if (!deps.crm.sandbox) return 'GoHighLevel is the real service here, not its sandbox';
  if (await deps.crm.connected(person.companyId)) return 'connected';

  // "Connect with GoHighLevel": the product answers the provider's consent page.
  const consentUrl = new URL((await deps.crm.startConsent(person)).url);
  if (consentUrl.pathname !== SANDBOX_CONSENT_PATH) return 'the consent page is not the sandbox';

  // The browser opens the consent page on the host it names …
  const page = await app.inject({ url: local(consentUrl), headers: { host: consentUrl.host } });
  if (page.statusCode !== 200 || !page.body.includes(`value="${locationId}"`))
    return `the consent page answered ${page.statusCode}`;
  // … and the person chooses the sub-account and allows (the page's form: its hidden fields, the choice).
  const form = new URLSearchParams(consentUrl.searchParams);
  form.set('location_id', locationId);
  form.set('decision', 'allow');
  const allowed = await app.inject({
    method: 'POST',
    url: consentUrl.pathname,
    headers: { host: consentUrl.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const back = allowed.headers.location;
  if (allowed.statusCode !== 303 || typeof back !== 'string') return `Allow answered ${allowed.statusCode}`;

  // The redirect to the product's OAuth callback, which stores the connection.
  const callbackUrl = new URL(back, consentUrl);
  const landed = await app.inject({
    url: local(callbackUrl),
    headers: { host: callbackUrl.host },
    remoteAddress: IP,
  });
  const landing = String(landed.headers.location ?? '');
  if (landed.statusCode !== 302 || !landing.includes(`/integrations/${SLUG}?connected=1`))
    return `the callback sent the browser to ${landing || landed.statusCode}`;
  return 'connected';
}

const local = (url: URL) => `${url.pathname}${url.search}`;
