import { join, resolve } from 'node:path';
import { z } from 'zod';

/**
 * An API-key service's address (ClickFunnels, Mailbox Power): empty or unset = its sandbox; else an
 * http(s) address, where `{subdomain}` may stand for a connection's own host name part.
 */
const serviceBase = (name: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => {
      if (!v) return true;
      try {
        return /^https?:$/.test(new URL(v.replace('{subdomain}', 'team')).protocol);
      } catch {
        return false;
      }
    }, `${name} must be an http(s) address`)
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined));

/** Every setting the API reads, parsed once at start; nothing else reads process.env. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  /**
   * Where uploaded files' bytes live (decision 0117): `local`, a folder under DATA_DIR for one machine,
   * or `s3`, a bucket of an S3-compatible store that every API and worker process shares. For `s3`:
   * the bucket and its region; the store's address when it is not AWS (MinIO, Cloudflare R2, …; a
   * local S3 server in tests) and path-style addressing where the store needs it; the access key
   * pair, both or neither (neither: the AWS SDK's own chain, such as the machine's role).
   */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3-63 of a-z 0-9 . -)')
    .optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]{1,40}$/, 'S3_REGION must be a region name such as us-east-1 (or auto)')
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Base URL the browser uses for the API; same origin by default. */
  PUBLIC_API_BASE: z.string().default('/api'),
  /**
   * Scheme and port of the web app's links in e-mails (reset, invitation, sign-up). The host is always
   * one the server knows for the recipient (system domain, agency subdomain, active custom domain);
   * never the request's. Port: empty = the listening PORT, 'none' = no port (the scheme's default).
   */
  PUBLIC_WEB_SCHEME: z.enum(['http', 'https']).default('http'),
  PUBLIC_WEB_PORT: z
    .union([z.literal(''), z.literal('none'), z.coerce.number().int().min(1).max(65535)])
    .default(''),
  /** Origins of a web app served from another host, comma-separated; empty = same origin only. */
  CORS_ORIGINS: z.string().default(''),
  /** Proxies whose X-Forwarded-For is believed: comma-separated IPs or CIDRs. Empty = none. */
  TRUSTED_PROXIES: z.string().default(''),
  /** Base64 32-byte key for the dt envelope; generated and stored in the database when absent. */
  DT_KEY: z.string().optional(),
  /** Where the built web app lives; served with an SPA fallback when present. */
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Lifetime of access tokens (refresh tokens rotate behind them). */
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** ALTCHA proof-of-work difficulty: largest answer and PBKDF2 iterations per try. */
  ALTCHA_MAX_NUMBER: z.coerce.number().int().min(1).max(1_000_000).default(3000),
  ALTCHA_COST: z.coerce.number().int().min(1).max(100_000).default(200),
  /**
   * Stripe instead of the sandbox gateway: the platform's secret key and its webhook signing secret
   * (both or neither), and the publishable key for Stripe Elements in the web app.
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  /** Another Stripe API endpoint (stripe-mock, a local fake in tests); Stripe's own when empty. */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Google Sheets (decision 0098): the deployment's OAuth client (both or neither; the sandbox when
   * neither), and other Google endpoints (a local fake in tests): the OAuth base serves
   * `/o/oauth2/v2/auth`, `/token` and `/revoke`; Google's own when empty.
   */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_BASE: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_SHEETS_BASE: z.url({ protocol: /^https?$/ }).optional(),
  GOOGLE_DRIVE_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Sign-in attempts one client address may make in 5 minutes, whatever the accounts (60 by default):
   * an office behind one address, or a test suite whose every person is 127.0.0.1, may need more.
   * The limit per account and address (10 in 15 minutes) stays as it is.
   */
  LOGIN_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /** Page views one client address may report to one campaign per minute (pixel endpoint, per process). */
  PIXEL_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(10_000_000).default(600),
  /**
   * The secret data vendors sign `POST /api/leads/vendor-callback` with (HMAC-SHA256); generated and
   * stored in the database when absent (operators read it from there to give it to the vendor).
   */
  VENDOR_CALLBACK_SECRET: z.string().min(16).optional(),
  /**
   * The demo visitor simulator (decision 0050): sandbox page views to the demo's running local
   * campaigns while the product runs. It starts only on the demo seed with the sandbox resolver and
   * gateway; 'off' keeps it off there too.
   */
  DEMO_VISITORS: z.enum(['on', 'off']).default('on'),
  SANDBOX_WEBHOOK_INBOX: z.enum(['on', 'off']).default('on'),
  /**
   * The sandbox data vendor's behaviour (decision 0093): the share of counts it answers slowly
   * (through a ticket, as a vendor under heavy load does: the count stays pending and its request is
   * e-mailed when done), the share that fail ('Server might be busy…'), and how long a slow answer
   * takes. Which counts is a pure function of the question and its attempt.
   */
  SANDBOX_VENDOR_SLOW_SHARE: z.coerce.number().min(0).max(1).default(0.1),
  SANDBOX_VENDOR_FAILURE_SHARE: z.coerce.number().min(0).max(1).default(0.05),
  SANDBOX_VENDOR_SLOW_SECONDS: z.coerce.number().int().min(0).max(86_400).default(90),
  /**
   * Development and browser tests only: the embed-code site check may fetch pages on this machine
   * (loopback addresses), e.g. a local copy of a client's site. Refused in production: it would let
   * anyone with a campaign make the server read its own local ports.
   */
  SITE_CHECK_LOOPBACK: z.enum(['on', 'off']).default('off'),
  /**
   * Prometheus scrapes (decision 0119): the bearer token `/metrics` asks for (at least 24 characters;
   * unset = `/metrics` answers 404), and the separate worker's metrics listener (unset = none),
   * bound to METRICS_HOST, a private address (loopback by default).
   */
  METRICS_TOKEN: z.string().min(24).optional(),
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** Run the job worker inside the web process (required on PGlite, which allows one process). */
  IN_PROCESS_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * GoHighLevel (LeadConnector API v2) instead of its sandbox: the marketplace app's client id and
   * secret (both or neither), and other API and consent-page addresses (a local fake in tests).
   */
  GHL_CLIENT_ID: z.string().optional(),
  GHL_CLIENT_SECRET: z.string().optional(),
  GHL_API_BASE: z.url({ protocol: /^https?$/ }).default('https://services.leadconnectorhq.com'),
  GHL_AUTHORIZE_URL: z
    .url({ protocol: /^https?$/ })
    .default('https://marketplace.gohighlevel.com/oauth/chooselocation'),
  /**
   * AgencyZoom (decision 0106): each company pastes its own lead webhook URL, so the deployment only
   * chooses the real AgencyZoom or its sandbox. `AGENCYZOOM_MODE=live`, or an `AGENCYZOOM_WEBHOOK_BASE`
   * (AgencyZoom's origin, https://app.agencyzoom.com when unset; a local fake in tests), means the
   * real one: only URLs on that origin are taken. Otherwise, or with `AGENCYZOOM_MODE=sandbox`, the
   * AgencyZoom sandbox.
   */
  AGENCYZOOM_MODE: z.enum(['sandbox', 'live']).optional(),
  AGENCYZOOM_WEBHOOK_BASE: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * SendGrid (decision 0103): each company pastes its own API key, so the deployment only chooses
   * the real v3 API or the sandbox. `SENDGRID_MODE=live` or a `SENDGRID_API_URL` (the EU address
   * https://api.eu.sendgrid.com, or a local fake in tests) means the real API
   * (https://api.sendgrid.com when no URL is set); otherwise, or with `SENDGRID_MODE=sandbox`, the
   * SendGrid sandbox.
   */
  SENDGRID_MODE: z.enum(['sandbox', 'live']).optional(),
  SENDGRID_API_URL: serviceBase('SENDGRID_API_URL'),
  /**
   * Kartra (decision 0103) instead of its sandbox: this platform's Kartra app id (every call to
   * Kartra carries it beside the company's API key and password), and the API's address
   * (https://app.kartra.com/api, or a local fake in tests). Without KARTRA_APP_ID: the Kartra sandbox.
   */
  KARTRA_APP_ID: z.string().trim().optional(),
  KARTRA_API_URL: serviceBase('KARTRA_API_URL'),
  /**
   * ClickFunnels 2.0 instead of its sandbox (decision 0104): the API's address with `{subdomain}`
   * standing for each connection's team, `https://{subdomain}.myclickfunnels.com/api/v2` (a local fake
   * in tests). Unset: the ClickFunnels sandbox.
   */
  CLICKFUNNELS_API_BASE: serviceBase('CLICKFUNNELS_API_BASE'),
  /**
   * Mailbox Power instead of its sandbox (decision 0104): the API's address,
   * `https://api.rocketnotes.com/api` (a local fake in tests). Unset: the Mailbox Power sandbox.
   */
  MAILBOXPOWER_API_BASE: serviceBase('MAILBOXPOWER_API_BASE'),
  /**
   * SendJim (Public API v3) instead of its sandbox: the integration partner's client key and secret
   * (both or neither), and other API and sign-in addresses (a local fake in tests).
   */
  SENDJIM_CLIENT_KEY: z.string().optional(),
  SENDJIM_CLIENT_SECRET: z.string().optional(),
  SENDJIM_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.sendjim.com/api'),
  SENDJIM_OAUTH_BASE: z.url({ protocol: /^https?$/ }).default('https://members.sendjim.com'),
  /**
   * Simpli.fi as the ad platform instead of its sandbox (decision 0112): the application's key and
   * the acting user's key (both or neither), the API's address (https://app.simpli.fi/api, or a
   * local fake in tests) and, optionally, our account's organisation id there (agencies are made
   * under it). Without the keys: the sandbox ad platform.
   */
  SIMPLIFI_APP_KEY: z.string().trim().optional(),
  SIMPLIFI_USER_KEY: z.string().trim().optional(),
  SIMPLIFI_BASE_URL: serviceBase('SIMPLIFI_BASE_URL'),
  SIMPLIFI_ORGANIZATION_ID: z
    .string()
    .trim()
    .regex(/^\d{1,18}$/, 'SIMPLIFI_ORGANIZATION_ID is a Simpli.fi organisation id (digits)')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** Where uploaded files' bytes live: a folder on this machine, or an S3-compatible bucket. */
  fileStorage:
    | { kind: 'local'; folder: string }
    | {
        kind: 's3';
        bucket: string;
        region: string;
        /** The store's address; AWS's own for the region when absent. */
        endpoint: string | undefined;
        forcePathStyle: boolean;
        /** null = the AWS SDK's own credential chain. */
        credentials: { accessKeyId: string; secretAccessKey: string } | null;
      };
  publicApiBase: string;
  /** How links to a known host are written: scheme, and the port ('' when the scheme's default). */
  publicWeb: { scheme: 'http' | 'https'; port: string };
  trustedProxies: string[];
  corsOrigins: string[];
  dtKey: string | undefined;
  webDist: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  inProcessWorker: boolean;
  /** `/metrics`: the scrape's bearer token (null = off), and the separate worker's listener (decision 0119). */
  metrics: { token: string | null; port: number | null; host: string };
  altcha: { maxNumber: number; cost: number };
  accessTokenTtlSeconds: number;
  pixelRateLimitPerMinute: number;
  loginAttemptsPerIp: number;
  /** The site check may fetch loopback addresses (never in production). */
  siteCheckLoopback: boolean;
  vendorCallbackSecret: string | undefined;
  /** DEMO_VISITORS: may the demo visitor simulator run (it still needs the demo seed and the sandbox). */
  demoVisitors: boolean;
  /** SANDBOX_WEBHOOK_INBOX: does this deployment serve the sandbox webhook inbox (decision 0107). */
  sandboxWebhookInbox: boolean;
  /** The sandbox data vendor's share of slow answers and failures, and a slow answer's time. */
  sandboxVendor: { slowShare: number; failureShare: number; slowSeconds: number };
  /**
   * The deployment's default Stripe keys, for systems without their own (decision 0039); null = such
   * systems use the sandbox gateway.
   */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    publishableKey: string;
  } | null;
  /** Where every Stripe gateway of the deployment calls Stripe (a local fake in tests); Stripe's own when absent. */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Google Sheets with the deployment's OAuth client; null = the Google Sheets sandbox. */
  google: {
    clientId: string;
    clientSecret: string;
    oauthBase?: string;
    sheetsBase?: string;
    driveBase?: string;
  } | null;
  /** GoHighLevel's marketplace app; null = the GoHighLevel sandbox. */
  gohighlevel: { clientId: string; clientSecret: string; apiBase: string; authorizeUrl: string } | null;
  /** The real AgencyZoom's origin for lead webhooks; null = the AgencyZoom sandbox. */
  agencyZoom: { webhookBase: string } | null;
  /** The SendGrid v3 API's address; null = the SendGrid sandbox. */
  sendgrid: { apiBase: string } | null;
  /** Kartra with this platform's app id; null = the Kartra sandbox. */
  kartra: { appId: string; apiUrl: string } | null;
  /** The ClickFunnels API (`{subdomain}` for each connection's team); null = the ClickFunnels sandbox. */
  clickFunnels: { apiBase: string } | null;
  /** The Mailbox Power API; null = the Mailbox Power sandbox. */
  mailboxPower: { apiBase: string } | null;
  /** SendJim's integration partner app; null = the SendJim sandbox. */
  sendjim: { clientKey: string; clientSecret: string; apiBase: string; oauthBase: string } | null;
  /** Simpli.fi as the ad platform; null = the sandbox ad platform. */
  simplifi: { appKey: string; userKey: string; baseUrl: string; rootOrganizationId: string | null } | null;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  // npm runs workspace scripts inside the workspace; relative paths mean where `npm` was invoked.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  // A metrics listener without a token would answer every scrape 404: refused at start instead.
  if (e.METRICS_PORT !== undefined && !e.METRICS_TOKEN)
    throw new Error('Invalid configuration: METRICS_PORT needs METRICS_TOKEN');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    fileStorage: fileStorageOf(e, dataDir),
    publicApiBase: e.PUBLIC_API_BASE,
    publicWeb: {
      scheme: e.PUBLIC_WEB_SCHEME,
      port: publicWebPort(e.PUBLIC_WEB_SCHEME, e.PUBLIC_WEB_PORT, e.PORT),
    },
    trustedProxies: splitList(e.TRUSTED_PROXIES),
    corsOrigins: splitList(e.CORS_ORIGINS),
    dtKey: e.DT_KEY,
    webDist: resolve(e.WEB_DIST),
    logLevel: e.LOG_LEVEL,
    inProcessWorker: e.IN_PROCESS_WORKER,
    metrics: { token: e.METRICS_TOKEN ?? null, port: e.METRICS_PORT ?? null, host: e.METRICS_HOST },
    altcha: { maxNumber: e.ALTCHA_MAX_NUMBER, cost: e.ALTCHA_COST },
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    pixelRateLimitPerMinute: e.PIXEL_RATE_LIMIT_PER_MINUTE,
    loginAttemptsPerIp: e.LOGIN_ATTEMPTS_PER_IP,
    siteCheckLoopback: siteCheckLoopback(e.SITE_CHECK_LOOPBACK, env.NODE_ENV),
    vendorCallbackSecret: e.VENDOR_CALLBACK_SECRET,
    demoVisitors: e.DEMO_VISITORS === 'on',
    sandboxWebhookInbox: e.SANDBOX_WEBHOOK_INBOX === 'on',
    sandboxVendor: {
      slowShare: e.SANDBOX_VENDOR_SLOW_SHARE,
      failureShare: e.SANDBOX_VENDOR_FAILURE_SHARE,
      slowSeconds: e.SANDBOX_VENDOR_SLOW_SECONDS,
    },
    stripe: stripeKeys(e),
    ...(e.STRIPE_API_URL ? { stripeApi: stripeApiOf(e.STRIPE_API_URL) } : {}),
    google: googleOf(e),
    gohighlevel: gohighlevelApp(e),
    agencyZoom:
      e.AGENCYZOOM_MODE === 'live' || (e.AGENCYZOOM_MODE === undefined && e.AGENCYZOOM_WEBHOOK_BASE)
        ? { webhookBase: (e.AGENCYZOOM_WEBHOOK_BASE ?? 'https://app.agencyzoom.com').replace(/\/+$/, '') }
        : null,
    sendgrid:
      e.SENDGRID_MODE === 'live' || (e.SENDGRID_MODE === undefined && e.SENDGRID_API_URL)
        ? { apiBase: e.SENDGRID_API_URL ?? 'https://api.sendgrid.com' }
        : null,
    kartra: kartraApp(e),
    clickFunnels: e.CLICKFUNNELS_API_BASE ? { apiBase: e.CLICKFUNNELS_API_BASE } : null,
    mailboxPower: e.MAILBOXPOWER_API_BASE ? { apiBase: e.MAILBOXPOWER_API_BASE } : null,
    sendjim: sendjimApp(e),
    simplifi: simplifiKeys(e),
  };
}

function fileStorageOf(e: z.infer<typeof envSchema>, dataDir: string): Config['fileStorage'] {
  if (e.FILE_STORAGE === 'local') {
    const stray = S3_SETTINGS.filter((name) => e[name] !== undefined);
    if (stray.length)
      throw new Error(
        `Invalid configuration: ${stray.join(', ')} need FILE_STORAGE=s3 (files stay local without it)`,
      );
    return { kind: 'local', folder: join(dataDir, 'files') };
  }
  if (!e.S3_BUCKET || !e.S3_REGION)
    throw new Error('Invalid configuration: FILE_STORAGE=s3 needs S3_BUCKET and S3_REGION');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new Error('Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  return {
    kind: 's3',
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : null,
  };
}

const S3_SETTINGS = [
  'S3_BUCKET',
  'S3_REGION',
  'S3_ENDPOINT',
  'S3_FORCE_PATH_STYLE',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

function simplifiKeys(e: z.infer<typeof envSchema>): Config['simplifi'] {
  if (!e.SIMPLIFI_APP_KEY !== !e.SIMPLIFI_USER_KEY)
    throw new Error('Invalid configuration: SIMPLIFI_APP_KEY and SIMPLIFI_USER_KEY go together');
  if (!e.SIMPLIFI_APP_KEY || !e.SIMPLIFI_USER_KEY) {
    if (e.SIMPLIFI_BASE_URL || e.SIMPLIFI_ORGANIZATION_ID)
      throw new Error(
        'Invalid configuration: SIMPLIFI_BASE_URL and SIMPLIFI_ORGANIZATION_ID need the Simpli.fi keys',
      );
    return null;
  }
  return {
    appKey: e.SIMPLIFI_APP_KEY,
    userKey: e.SIMPLIFI_USER_KEY,
    baseUrl: e.SIMPLIFI_BASE_URL || 'https://app.simpli.fi/api',
    rootOrganizationId: e.SIMPLIFI_ORGANIZATION_ID ?? null,
  };
}

function kartraApp(e: z.infer<typeof envSchema>): Config['kartra'] {
  if (!e.KARTRA_APP_ID) {
    if (e.KARTRA_API_URL)
      throw new Error(
        'Invalid configuration: KARTRA_API_URL needs KARTRA_APP_ID (Kartra refuses calls without it)',
      );
    return null;
  }
  return { appId: e.KARTRA_APP_ID, apiUrl: e.KARTRA_API_URL ?? 'https://app.kartra.com/api' };
}

function gohighlevelApp(e: z.infer<typeof envSchema>): Config['gohighlevel'] {
  if (!e.GHL_CLIENT_ID !== !e.GHL_CLIENT_SECRET)
    throw new Error('Invalid configuration: GHL_CLIENT_ID and GHL_CLIENT_SECRET go together');
  if (!e.GHL_CLIENT_ID || !e.GHL_CLIENT_SECRET) return null;
  return {
    clientId: e.GHL_CLIENT_ID,
    clientSecret: e.GHL_CLIENT_SECRET,
    apiBase: e.GHL_API_BASE.replace(/\/+$/, ''),
    authorizeUrl: e.GHL_AUTHORIZE_URL,
  };
}

function sendjimApp(e: z.infer<typeof envSchema>): Config['sendjim'] {
  if (!e.SENDJIM_CLIENT_KEY !== !e.SENDJIM_CLIENT_SECRET)
    throw new Error('Invalid configuration: SENDJIM_CLIENT_KEY and SENDJIM_CLIENT_SECRET go together');
  if (!e.SENDJIM_CLIENT_KEY || !e.SENDJIM_CLIENT_SECRET) return null;
  return {
    clientKey: e.SENDJIM_CLIENT_KEY,
    clientSecret: e.SENDJIM_CLIENT_SECRET,
    apiBase: e.SENDJIM_API_BASE.replace(/\/+$/, ''),
    oauthBase: e.SENDJIM_OAUTH_BASE.replace(/\/+$/, ''),
  };
}

function googleOf(e: z.infer<typeof envSchema>): Config['google'] {
  if (!e.GOOGLE_CLIENT_ID !== !e.GOOGLE_CLIENT_SECRET)
    throw new Error('Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
  if (!e.GOOGLE_CLIENT_ID || !e.GOOGLE_CLIENT_SECRET) return null;
  return {
    clientId: e.GOOGLE_CLIENT_ID,
    clientSecret: e.GOOGLE_CLIENT_SECRET,
    oauthBase: e.GOOGLE_OAUTH_BASE,
    sheetsBase: e.GOOGLE_SHEETS_BASE,
    driveBase: e.GOOGLE_DRIVE_BASE,
  };
}

function stripeKeys(e: z.infer<typeof envSchema>): Config['stripe'] {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET)
      throw new Error('Invalid configuration: STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY');
    return null;
  }
  if (!e.STRIPE_WEBHOOK_SECRET)
    throw new Error(
      'Invalid configuration: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (webhooks are how account state arrives)',
    );
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY ?? '',
  };
}

function stripeApiOf(value: string): NonNullable<Config['stripeApi']> {
  const url = new URL(value);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

/** The port written in links: none for the scheme's default port (or 'none'), the listening port by default. */
function publicWebPort(scheme: 'http' | 'https', setting: '' | 'none' | number, listening: number): string {
  const port = setting === '' ? listening : setting === 'none' ? 0 : setting;
  const schemeDefault = scheme === 'https' ? 443 : 80;
  return port === 0 || port === schemeDefault ? '' : String(port);
}

const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function siteCheckLoopback(setting: 'on' | 'off', nodeEnv: string | undefined): boolean {
  if (setting === 'on' && nodeEnv === 'production')
    throw new Error(
      'Invalid configuration: SITE_CHECK_LOOPBACK is for development and tests, not production',
    );
  return setting === 'on';
}
