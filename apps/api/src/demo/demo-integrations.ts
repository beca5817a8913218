import { pbkdf2Sync } from 'node:crypto';
import { importEnvelopeKey, sealEnvelope } from '@app/contracts';
import { type Database, DEMO, DEMO_PASSWORD } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { demoPrincipal } from './demo-principal.js';

/** The app's own request injection: every step below goes through the product's routes. */
type Inject = Pick<FastifyInstance, 'inject'>;

const SLUG = 'gohighlevel';
/** The sandbox's consent page (decision 0097); any other address is a real provider: left alone. */
const SANDBOX_CONSENT_PATH = '/sandbox/oauth/gohighlevel/authorize';
const HOST = 'localhost';
const IP = '127.0.0.1';

/** The demo clients connected to the GoHighLevel sandbox, each to its own sandbox sub-account. */
export const DEMO_CRM_CLIENTS = [
  { email: DEMO.northwind.clients[0].contact.email, locationId: 'sbx_loc_downtown' },
  { email: DEMO.northwind.clients[1].contact.email, locationId: 'sbx_loc_uptown' },
] as const;

/**
 * The demo shows integrations working (decision 0099): at the demo's first start (the caller),
 * sandbox only, Harbor Dental's and Cedar Home's contacts connect the GoHighLevel sandbox the way a
 * person does, through the product's own routes: sign in, ask for the consent page, open it, Allow
 * one sandbox sub-account, and follow the redirect to the OAuth callback, which stores the connection
 * (tokens sealed, the connection logged). From then on every lead of their campaigns (the demo
 * visitor simulator's too) becomes a sandbox contact and a delivered row in the delivery console.
 * No webhook is connected: see the decision. A failure is logged and the start goes on.
 */
export async function seedDemoIntegrations(deps: {
  db: Database;
  app: Inject;
  isSandbox: (systemId: number) => Promise<boolean>;
}): Promise<void> {
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
  deps: { db: Database; app: Inject; isSandbox: (systemId: number) => Promise<boolean> },
  email: string,
  locationId: string,
): Promise<string | null> {
  const { app } = deps;
  const person = await demoPrincipal(deps.db, email);
  if (!person) return 'the person is not there';
  // Beside a real payment gateway the demo makes nothing (said by no one, as the other demo steps).
  if (!(await deps.isSandbox(person.systemId))) return null;

  const token = await signIn(app, email);
  const auth = { authorization: `Bearer ${token}` };
  const status = await app.inject({
    url: `/api/general/check-connected-gohighlevel/${person.companyId}`,
    headers: { ...auth, host: HOST },
  });
  if (status.statusCode !== 200) return `the connection check answered ${status.statusCode}`;
  const current = status.json() as { connected: boolean; sandbox: boolean };
  if (!current.sandbox) return 'GoHighLevel is the real service here, not its sandbox';
  if (current.connected) return 'connected';

  // "Connect with GoHighLevel": the product answers the provider's consent page.
  const started = await sealedPost(app, `/api/integrations/${person.companyId}/${SLUG}/authorize`, {}, token);
  if (started.statusCode !== 200) return `authorize answered ${started.statusCode}: ${started.body}`;
  const consentUrl = new URL((started.json() as { url: string }).url);
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

/** A body in the dt envelope, as the web app sends it. */
async function sealedPost(app: Inject, url: string, body: unknown, token?: string) {
  const config = await app.inject({ url: '/api/app-config', headers: { host: HOST } });
  const key = await importEnvelopeKey((config.json() as { dtKey: string }).dtKey);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      host: HOST,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    remoteAddress: IP,
    payload: JSON.stringify({ dt: await sealEnvelope(key, body) }),
  });
}

/** Signs the demo person in as the sign-in screen does (its bot check answered like the widget). */
async function signIn(app: Inject, email: string): Promise<string> {
  const challenge = (
    await app.inject({ url: `/api/altcha/challenge?host=${HOST}`, headers: { host: HOST } })
  ).json() as AltchaChallenge;
  const res = await sealedPost(app, '/api/login', {
    username: email,
    password: DEMO_PASSWORD,
    gtoken: solveAltcha(challenge),
    domainName: HOST,
  });
  const body = res.json() as { result?: string; access_token?: string };
  if (res.statusCode !== 200 || body.result !== 'success' || !body.access_token)
    throw new Error(`sign-in answered ${res.statusCode}`);
  return body.access_token;
}

interface AltchaChallenge {
  kind: string;
  parameters: {
    nonce: string;
    salt: string;
    algorithm: string;
    cost: number;
    keyLength: number;
    keyPrefix: string;
  };
  signature: string;
}

/**
 * The ALTCHA widget's work (3.x): counters from 0 appended to the nonce as a big-endian uint32,
 * PBKDF2 with the salt, until the derived key starts with the prefix; the payload is the JSON the
 * widget posts, in base64. The demo's bot check asks for little work (a few thousand tries at most).
 */
function solveAltcha(challenge: AltchaChallenge, limit = 1_000_000): string {
  if (challenge.kind !== 'altcha') throw new Error('the sign-in bot check is not ALTCHA');
  const { parameters, signature } = challenge;
  const nonce = Buffer.from(parameters.nonce, 'hex');
  const salt = Buffer.from(parameters.salt, 'hex');
  const digest = parameters.algorithm.replace('PBKDF2/SHA-', 'sha');
  const password = Buffer.alloc(nonce.length + 4);
  nonce.copy(password);
  for (let counter = 0; counter <= limit; counter++) {
    password.writeUInt32BE(counter, nonce.length);
    const key = pbkdf2Sync(password, salt, parameters.cost, parameters.keyLength, digest).toString('hex');
    if (key.startsWith(parameters.keyPrefix)) {
      const solution = { counter, derivedKey: key, time: 1 };
      return Buffer.from(JSON.stringify({ challenge: { parameters, signature }, solution })).toString(
        'base64',
      );
    }
  }
  throw new Error('the sign-in bot check found no solution');
}
