import type { RetryPolicy } from '../../lib/retry-policy.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type {
  DeliveryResult,
  LeadPayload,
  ProviderConnection,
} from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import { createAttemptWriter } from './attempt-writer.js';
import type { ConnectionRepository } from './connection-repository.js';
import type { DeliveryRepository, LeasedDelivery } from './delivery-repository.js';

/*
 * The delivery engine (issue 23, decision 0096). Every worker process runs one: it keeps up to
 * `maxInFlight` deliveries going at once, leasing more as soon as any finishes, so a slow endpoint
 * holds only its own slots (at most `perConnection` of them) while everybody else's leads keep
 * going. Each attempt is recorded; a failure is retried on the product's back-off schedule and
 * given up after its last attempt (the dead letter the console can replay). Per connection, a run
 * of failures opens its circuit (nothing is sent for a while, then one probe at a time), and a
 * connection that keeps failing for long is paused and its owner told by e-mail.
 */

export interface DeliveryEngineSettings {
  maxInFlight: number;
  perConnection: number;
  /** Consecutive failures that open a connection's circuit. */
  openAfter: number;
  /** Consecutive failures, over at least `pauseAfterMs`, that pause a connection. */
  pauseAfter: number;
  pauseAfterMs: number;
  /** How long an idle engine waits before it looks for due deliveries again (a wake-up comes sooner). */
  idlePollMs: number;
  /**
   * Free slots that make a busy engine lease again: leasing after each finished delivery would run
   * one lease statement per delivery; waiting for a quarter of the slots leases them in one.
   */
  refillAt: number;
}

export const DEFAULT_ENGINE_SETTINGS: DeliveryEngineSettings = {
  maxInFlight: 128,
  perConnection: 16,
  openAfter: 5,
  pauseAfter: 25,
  pauseAfterMs: 60 * 60_000,
  idlePollMs: 1_000,
  refillAt: 32,
};

export const PAUSED_FAILING =
  'Paused automatically: every delivery failed for over an hour. Fix the endpoint, then resume.';

/** The lead a test payload carries: plainly not a person. */
export function testLeadPayload(now: Date): LeadPayload {
  return {
    id: 'test',
    campaign: { id: '00000000', name: 'Test payload', module: 'local' },
    captured_at: now.toISOString(),
    first_name: 'Test',
    last_name: 'Lead',
    emails: ['test.lead@example.com'],
    phones: ['+15555550100'],
    address: { street: '1 Example Street', city: 'Springfield', state: 'IL', zip: '62701' },
    page_url: 'https://www.example.com/',
    keyword: null,
    test: true,
  };
}

export function createDeliveryEngine(deps: {
  deliveries: DeliveryRepository;
  connections: ConnectionRepository;
  providers: ProviderRegistry;
  secrets: SecretBox;
  retry: RetryPolicy;
  /** The stored leads' payloads, by lead id (the leads module's). */
  leadPayloads: (ids: readonly number[]) => Promise<Map<number, LeadPayload>>;
  /** The client company of each campaign (the campaigns module's), by campaign id. */
  campaignClients: (ids: readonly number[]) => Promise<Map<number, number>>;
  /** Tells the connection's owner it was paused (the mail module's outbox). */
  notifyPaused: (
    connection: { id: number; companyId: number; provider: string },
    pausedAt: Date,
  ) => Promise<void>;
  settings?: Partial<DeliveryEngineSettings>;
  log: (message: string, detail?: unknown) => void;
  /**
   * Runs one lease with a log id of its own (the process log's `inBatch`): its line, and those of the
   * deliveries it started, carry the loop's name and the batch's id (decision 0119).
   */
  batchLog?: (loop: string, batch: () => Promise<number>) => Promise<number>;
}) {
  const settings = { ...DEFAULT_ENGINE_SETTINGS, ...deps.settings };
  const opened = new Map<string, Record<string, string>>();
  let inFlight = 0;
  let running = false;
  let looping: Promise<void> | null = null;
  let wakeUp: (() => void) | null = null;
  const settled = new Set<Promise<void>>();
  const writeAttempt = createAttemptWriter(deps.deliveries.record);

  async function secretsOf(sealed: string | null): Promise<Record<string, string>> {
    if (!sealed) return {};
    const known = opened.get(sealed);
    if (known) return known;
    const value = JSON.parse(await deps.secrets.open(sealed)) as Record<string, string>;
    if (opened.size > 1_000) opened.clear();
    opened.set(sealed, value);
    return value;
  }

  /** The delivery's next state after an attempt, from the attempt's result and the retry budget. */
  function nextOf(row: LeasedDelivery, result: DeliveryResult) {
    if (result.outcome === 'delivered') return { status: 'delivered' as const };
    const used = row.attempts - row.replayed_after;
    if (result.permanent || used >= deps.retry.maxAttempts) return { status: 'failed' as const };
    return { status: 'queued' as const, retryInMs: deps.retry.delayMs(used) };
  }

  async function afterFailure(row: LeasedDelivery) {
    const { failures, failingSince } = await deps.connections.recordFailure(row.connection_id);
    if (failures >= settings.openAfter)
      await deps.connections.openCircuit(
        row.connection_id,
        deps.retry.delayMs(Math.min(failures - settings.openAfter + 1, deps.retry.maxAttempts)),
      );
    if (failures >= settings.pauseAfter && Date.now() - failingSince.getTime() >= settings.pauseAfterMs) {
      const paused = await deps.connections.setPaused(row.connection_id, PAUSED_FAILING);
      // Only the call that paused it tells the owner: `setPaused` answers null when it was paused already.
      if (paused)
        await deps.notifyPaused(
          { id: paused.id, companyId: paused.company_id, provider: paused.provider },
          new Date(paused.updated_at),
        );
    }
  }

  async function send(
    row: LeasedDelivery,
    lead: LeadPayload | undefined,
    clientCompanyId: number | undefined,
  ): Promise<void> {
    const provider = deps.providers.get(row.provider);
    let result: DeliveryResult;
    const sendable = provider !== undefined && lead !== undefined;
    if (!sendable) {
      result = {
        outcome: 'refused',
        permanent: true,
        latencyMs: 0,
        error: provider ? 'The lead no longer exists.' : `No provider ${row.provider} in this deployment.`,
        request: '(nothing sent)',
      };
    } else {
      const connection: ProviderConnection = {
        id: row.connection_id,
        companyId: row.company_id,
        settings: row.settings,
        secrets: await secretsOf(row.sealed_secrets),
      };
      try {
        result = await provider.deliver({
          connection,
          campaignSettings: row.campaign_settings ?? {},
          lead,
          idempotencyKey: `msg_${row.id}`,
          attempt: row.attempts,
          clientCompanyId,
          saveSecrets: async (secrets) => {
            const sealed = await deps.secrets.seal(JSON.stringify(secrets));
            await deps.connections.saveSecrets(row.connection_id, sealed);
            opened.set(sealed, secrets);
          },
          saveCampaignSettings: async (settings) =>
            row.campaign_id === null
              ? { ...row.campaign_settings, ...settings }
              : deps.connections.addCampaignSettings(row.campaign_id, row.connection_id, settings),
        });
      } catch (err) {
        result = {
          outcome: 'failed',
          latencyMs: 0,
          error: (err instanceof Error ? err.message : String(err)).slice(0, 500),
          request: `(${row.provider})`,
        };
      }
    }
    await writeAttempt({
      deliveryId: row.id,
      attempt: row.attempts,
      outcome: result.outcome,
      httpStatus: result.httpStatus ?? null,
      latencyMs: Math.round(result.latencyMs),
      error: result.error?.slice(0, 1000) ?? null,
      request: result.request.slice(0, 500),
      next: nextOf(row, result),
    });
    if (result.outcome === 'delivered') {
      if (row.consecutive_failures > 0) await deps.connections.recordSuccess(row.connection_id);
    }
    // A lead deleted meanwhile says nothing about the endpoint; every other failure counts against it.
    else if (sendable) await afterFailure(row);
  }

  /** Leases what fits in the free slots and starts each; answers how many were started. */
  async function fill(): Promise<number> {
    const free = settings.maxInFlight - inFlight;
    // Busy: wait until enough slots are free to lease them together (running low: lease now).
    if (free <= 0 || (free < settings.refillAt && inFlight >= settings.refillAt)) return 0;
    const rows = await deps.deliveries.lease({
      limit: free,
      perConnection: settings.perConnection,
      openAfter: settings.openAfter,
    });
    if (rows.length === 0) return 0;
    const leadIds = rows.flatMap((r) => (r.lead_id === null ? [] : [Number(r.lead_id)]));
    const campaignIds = [
      ...new Set(rows.flatMap((r) => (r.campaign_id === null ? [] : [Number(r.campaign_id)]))),
    ];
    const [leads, clients] = await Promise.all([
      deps.leadPayloads(leadIds),
      deps.campaignClients(campaignIds),
    ]);
    const test = testLeadPayload(new Date());
    for (const row of rows) {
      inFlight += 1;
      const job = send(
        row,
        row.lead_id === null ? test : leads.get(Number(row.lead_id)),
        row.campaign_id === null ? undefined : clients.get(Number(row.campaign_id)),
      )
        .catch((err) =>
          deps.log('a delivery could not be recorded', { delivery: row.id, error: String(err) }),
        )
        .finally(() => {
          inFlight -= 1;
          settled.delete(job);
          wake();
        });
      settled.add(job);
    }
    return rows.length;
  }

  function wake() {
    const w = wakeUp;
    wakeUp = null;
    w?.();
  }

  async function loop() {
    let lastRelease = 0;
    const batch = async () => {
      try {
        if (Date.now() - lastRelease > 30_000) {
          lastRelease = Date.now();
          await deps.deliveries.releaseExpired();
        }
        return await fill();
      } catch (err) {
        deps.log('the delivery engine could not lease', String(err));
        return 0;
      }
    };
    while (running) {
      const started = await (deps.batchLog ? deps.batchLog('integrations.deliver', batch) : batch());
      if (!running) break;
      // Full (or nothing due): wait for a slot to free, a wake-up, or the idle poll.
      if (started === 0 || inFlight >= settings.maxInFlight)
        await new Promise<void>((resolve) => {
          wakeUp = resolve;
          setTimeout(resolve, settings.idlePollMs).unref?.();
        });
    }
  }

  return {
    /** Starts this process's engine (the worker role). */
    start() {
      if (running) return;
      running = true;
      looping = loop();
    },
    /** New deliveries were queued (leads stored, a replay): look now rather than at the next poll. */
    wake,
    /** Stops leasing and waits for the deliveries in flight. */
    async stop() {
      running = false;
      wake();
      await looping;
      await Promise.all([...settled]);
    },
    /** Sends everything due now and what that makes due, until nothing is left (tests, the bench). */
    async drain(): Promise<void> {
      for (;;) {
        const started = await fill();
        if (started === 0 && inFlight === 0) return;
        if (settled.size > 0) await Promise.race([...settled]);
      }
    },
    get inFlight() {
      return inFlight;
    },
  };
}

export type DeliveryEngine = ReturnType<typeof createDeliveryEngine>;
