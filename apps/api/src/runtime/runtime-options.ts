import type { Database, DatabaseHandle } from '@app/db';
import type { AppDependencies } from '../app.js';
import type { DemoVisitorSettings } from '../demo/visitor-simulator.js';
import type { Clock } from '../lib/clock.js';
import type { RetryPolicy } from '../lib/retry-policy.js';
import type { createDeveloperModule } from '../modules/developer/index.js';
import type { TokenSettings } from '../modules/identity/index.js';
import type { DeliveryEngineSettings } from '../modules/integrations/index.js';
import type { AdPlatform } from '../providers/ad-platform/index.js';
import type { AltchaBotCheckOptions } from '../providers/bot-check/altcha-bot-check.js';
import type { SandboxDataVendorOptions, SandboxResolverOptions } from '../providers/identities/index.js';
import type { GuardedFetcher } from '../providers/outbound/guarded-fetch.js';
import type { GuardedHttp } from '../providers/outbound/guarded-http.js';

/** What a start of the product may be given besides its configuration: mostly tests' knobs. */
export interface RuntimeOptions {
  /** An already open database (tests pass a cloned one); otherwise opened from the config. */
  database?: DatabaseHandle;
  /** Seed the demo tenants when the database is empty (default true). */
  seed?: boolean;
  pollingIntervalSeconds?: number;
  /** false: this process runs no cron schedule (the job queue's `cron`; the API tests, decision 0123). */
  cron?: boolean;
  logger?: AppDependencies['logger'];
  onRouteRegistered?: AppDependencies['onRouteRegistered'];
  /** Tests make proof of work cheap and the refresh grace window short. */
  altcha?: Pick<AltchaBotCheckOptions, 'maxNumber' | 'cost'>;
  tokenSettings?: Omit<TokenSettings, 'jwtKey'>;
  /** Tests only: the sandbox gateway's knobs run before and after it stores a charge (e.g. to be killed there). */
  sandbox?: {
    afterCharge?: (chargeId: string) => Promise<void>;
    beforeCharge?: () => Promise<void>;
    afterTransfer?: (transferId: string) => Promise<void>;
  };
  /** Tests only: the site check's fetcher (one that may reach their local servers). */
  siteCheckFetch?: GuardedFetcher;
  /** The sandbox identity resolver's seed, size and match rate (decision 0038). */
  identities?: Omit<SandboxResolverOptions, 'db'>;
  /** The sandbox data vendor's shares of slow answers and failures (tests set them; decision 0093). */
  dataVendor?: Omit<SandboxDataVendorOptions, 'db' | 'seed' | 'ensureSeeded'>;
  /** Tests only: the lead delivery job's retry delay. */
  leadDeliveryRetryDelaySeconds?: (attempts: number) => number;
  /** Tests only: the site check's deadline (its 504) and the test lead's wait for its outcome. */
  siteTestTimings?: { checkDeadlineMs?: number; testLeadWaitMs?: number };
  /**
   * The demo visitor simulator's pace, or false for none (tests: off unless a test turns it on).
   * It runs only on the demo seed with the sandbox resolver and gateway, and DEMO_VISITORS not off.
   */
  demoVisitors?: DemoVisitorSettings | false;
  /** Tests only: the ad platform (e.g. a sandbox on a test clock, behind a switch that fails its calls). */
  adPlatform?: (db: Database) => AdPlatform;
  /** The time money runs on (decision 0072): tests pass a settable clock and move it. */
  clock?: Clock;
  /**
   * Tests only: the integrations' outbound HTTP (one that may reach their local receivers), the
   * webhook host check at connect, the delivery engine's settings and the retry schedule.
   */
  integrations?: {
    http?: GuardedHttp;
    checkHost?: (host: string) => Promise<void>;
    webhookTimeoutMs?: number;
    engine?: Partial<DeliveryEngineSettings>;
    retry?: RetryPolicy;
  };
  /** Tests only: keys per exclusion merge transaction (decision 0092). */
  exclusionMergeRange?: number;
  /** Tests only: the audiences' row and file limits and keys per transaction (decision 0114). */
  audienceLimits?: { maxRows?: number; maxFileBytes?: number; mergeRange?: number };
  /** Tests only: the Open API's rate limits, token life and idempotency wait (decision 0100). */
  openApi?: Pick<
    Parameters<typeof createDeveloperModule>[0],
    'rateLimit' | 'tokenRateLimit' | 'tokenTtlSeconds' | 'idempotency'
  >;
}
