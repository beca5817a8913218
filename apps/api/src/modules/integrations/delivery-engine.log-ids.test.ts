import Fastify from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createProcessLog } from '../../lib/process-log.js';
import { retryPolicy } from '../../lib/retry-policy.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { createProviderRegistry } from '../../providers/integrations/registry.js';
import type { ConnectionRepository } from './connection-repository.js';
import { createDeliveryEngine } from './delivery-engine.js';
import type { DeliveryRepository, LeasedDelivery } from './delivery-repository.js';

const lines: Record<string, unknown>[] = [];
// A pino logger like the app's, writing its lines here.
const logger = Fastify({
  logger: { level: 'warn', stream: { write: (l: string) => void lines.push(JSON.parse(l)) } },
});
afterAll(() => logger.close());

/** A delivery to a provider this deployment lacks: refused at once, nothing sent anywhere. */
const orphan: LeasedDelivery = {
  id: 41,
  connection_id: 7,
  lead_id: 9,
  campaign_id: null,
  attempts: 1,
  replayed_after: 0,
  provider: 'gone',
  company_id: 3,
  consecutive_failures: 0,
  settings: {},
  sealed_secrets: null,
  campaign_settings: null,
};

describe("the delivery engine's log lines (decision 0119)", () => {
  it("carry the loop's name and the lease's batch id, the deliveries the lease started theirs too", async () => {
    const log = createProcessLog();
    log.useRoot(logger.log);
    let leases = 0;
    // The repository's database is down in turn for the lease, then for the attempt's record.
    const deliveries = {
      releaseExpired: async () => {},
      lease: async () => {
        leases += 1;
        if (leases === 1) throw new Error('lease refused');
        return leases === 2 ? [orphan] : [];
      },
      record: async () => {
        throw new Error('record refused');
      },
    } as unknown as DeliveryRepository;
    const engine = createDeliveryEngine({
      deliveries,
      connections: {} as ConnectionRepository,
      providers: createProviderRegistry([]),
      secrets: {} as SecretBox,
      retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 1, maxAttempts: 1 }),
      leadPayloads: async () => new Map(),
      campaignClients: async () => new Map(),
      notifyPaused: async () => {},
      settings: { idlePollMs: 5 },
      log: log.warn,
      batchLog: log.inBatch,
    });
    engine.start();
    const unrecorded = () => lines.find((l) => l.msg === 'a delivery could not be recorded');
    try {
      await vi.waitFor(() => expect(unrecorded()).toBeDefined(), { timeout: 10_000, interval: 5 });
    } finally {
      await engine.stop();
    }
    const leaseFailed = lines.find((l) => l.msg === 'the delivery engine could not lease');
    expect(leaseFailed).toMatchObject({ loop: 'integrations.deliver', detail: 'Error: lease refused' });
    expect(unrecorded()).toMatchObject({
      loop: 'integrations.deliver',
      detail: { delivery: 41, error: 'Error: record refused' },
    });
    expect(leaseFailed?.batchId).toMatch(/^[0-9a-f-]{36}$/);
    // The delivery is told under the lease that started it, the second.
    expect(unrecorded()?.batchId).toMatch(/^[0-9a-f-]{36}$/);
    expect(unrecorded()?.batchId).not.toBe(leaseFailed?.batchId);
  });
});
