import { type Database, DEMO, queryRows, sql } from '@app/db';
import type { FastifyInstance } from 'fastify';
import type { IntegrationsModule } from '../modules/integrations/index.js';
import type { Principal } from '../modules/tenancy/index.js';
import { WEBHOOK_SLUG } from '../providers/integrations/webhook/index.js';
import type { SandboxInbox } from '../providers/integrations/webhook/sandbox-inbox.js';
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
 * The demo shows integrations working (decisions 0099, 0107): at the demo's first start (the
 * caller), sandbox only, Harbor Dental's and Cedar Home's contacts
 * - connect the GoHighLevel sandbox the way a person does: the integration's "Connect" (the
 *   module's own authorize), then through the product's routes the sandbox's consent page, Allow one
 *   sandbox sub-account, and the redirect to the OAuth callback, which stores the connection (tokens
 *   sealed, the connection logged);
 * - connect a webhook to a sandbox inbox this product serves, and give the inbox the signing secret
 *   they revealed, as a person sets up their receiver.
 * From then on every lead of their campaigns (the demo visitor simulator's too) becomes a sandbox
 * contact, a verified webhook in the inbox, and two delivered rows in the delivery console. A failure
 * is logged and the start goes on.
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
  /** The webhook integration and the sandbox inbox (absent when this deployment serves none). */
  webhook?: {
    createInbox: (name: string) => Promise<{ token: string; url: string }>;
    trustInbox: (token: string, signingSecret: string) => Promise<void>;
    connected: (companyId: number) => Promise<boolean>;
    /** The integration's save, as the person's own act. */
    connect: (person: Principal, url: string, tags: string[]) => Promise<void>;
    /** The signing secret, revealed as the person does it (and logged so). */
    signingSecret: (person: Principal) => Promise<string>;
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
    try {
      const outcome = await connectWebhook(deps, client.email);
      if (outcome !== 'connected' && outcome !== null)
        console.warn(`Demo webhook of ${client.email} not connected: ${outcome}`);
    } catch (error) {
      console.warn(`Demo webhook of ${client.email} not connected: ${(error as Error).message}`);
    }
  }
}

/** The demo's webhook step over the integrations module and the sandbox inbox (the runtime's and the tests'). */
export function demoWebhookOf(
  integrations: {
    manage: Pick<IntegrationsModule['manage'], 'save' | 'signingSecret'>;
    connections: Pick<IntegrationsModule['connections'], 'find'>;
  },
  inbox: Pick<SandboxInbox, 'create' | 'trust'>,
): NonNullable<DemoIntegrationsDeps['webhook']> {
  return {
    createInbox: inbox.create,
    trustInbox: inbox.trust,
    connected: async (companyId) => (await integrations.connections.find(companyId, WEBHOOK_SLUG)) !== null,
    connect: async (person, url, tags) => {
      await integrations.manage.save(
        person,
        { company_id: person.companyId, slug: WEBHOOK_SLUG, settings: { url, tags } },
        IP,
      );
    },
    signingSecret: async (person) =>
      (await integrations.manage.signingSecret(person, person.companyId, WEBHOOK_SLUG, IP)).signing_secret,
  };
}

async function connectWebhook(deps: DemoIntegrationsDeps, email: string): Promise<string | null> {
  const webhook = deps.webhook;
  if (!webhook) return null;
  const person = await demoPrincipal(deps.db, email);
  if (!person) return 'the person is not there';
  if (!(await deps.isSandbox(person.systemId))) return null;
  if (await webhook.connected(person.companyId)) return 'connected';
  const [company] = await queryRows<{ name: string }>(
    deps.db,
    sql`select name from companies where id = ${person.companyId}`,
  );
  // The receiver first (its address is what the person types), then the integration, then the
  // receiver told the secret the integration's page reveals.
  const inbox = await webhook.createInbox(`Webhook inbox of ${company?.name ?? email}`);
  await webhook.connect(person, inbox.url, ['demo']);
  await webhook.trustInbox(inbox.token, await webhook.signingSecret(person));
  return 'connected';
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
