import { describe, expect, it } from 'vitest';
import { DEFAULT_POLLING_SECONDS, MAINTENANCE_INTERVAL_SECONDS } from '../../jobs/job-queue.js';
import type { BatchOutcome, IngestService } from './ingest-service.js';
import { INTAKE_LEASE_SECONDS, type IntakeRepository } from './intake-repository.js';
import { deliverLeadsJob, ingestLeadsHandler, ingestLeadsJob, RUN_EXPIRES_SECONDS } from './lead-jobs.js';

/*
 * The ingest run's lanes (decision 0055), over an in-memory intake: rows that keep arriving while
 * the run works are taken by the same run, and the run ends once nothing came for a second.
 * (Before, a lane left at its first empty lease, so a stream was worked by one lane and each pause
 * between arrivals ended the run, leaving the rest to a job the queue starts at its next poll.)
 */

function fakeIntake() {
  let waiting = 0;
  let taken = 0;
  const ingest: IngestService = {
    async processNextBatch(size: number): Promise<BatchOutcome | null> {
      await new Promise((resolve) => setTimeout(resolve, 5)); // a batch's database work
      const rows = Math.min(size, waiting);
      if (rows === 0) return null;
      waiting -= rows;
      taken += rows;
      return { rows, unresolved: 0, leads: rows, rejected: 0, retried: 0, deliveries: rows };
    },
  };
  const intake = { hasDue: async () => waiting > 0 } as unknown as IntakeRepository;
  return {
    ingest,
    intake,
    add: (n: number) => {
      waiting += n;
    },
    taken: () => taken,
  };
}

describe('the ingest run', () => {
  it('takes rows that arrive while it works, and ends a second after the last', async () => {
    const fake = fakeIntake();
    const triggers: string[] = [];
    const handler = ingestLeadsHandler({
      ingest: fake.ingest,
      intake: fake.intake,
      queue: {
        trigger: async (job) => {
          triggers.push(job.name);
          return 'queued';
        },
      },
      lanes: 2,
      batchSize: 10,
    });
    fake.add(25);
    // A stream: 15 rows every 60 ms for 0.6 s, beginning after the first rows are done.
    const feeding = (async () => {
      for (let i = 0; i < 10; i++) {
        await new Promise((resolve) => setTimeout(resolve, 60));
        fake.add(15);
      }
    })();
    const started = Date.now();
    await handler.handle({}, { retryCount: 0, isLastAttempt: true });
    const took = Date.now() - started;
    await feeding;
    expect(fake.taken()).toBe(25 + 150);
    // Done with everything: no successor queued; the run lasted the stream plus the idle second.
    expect(triggers).toEqual([]);
    expect(took).toBeGreaterThanOrEqual(600 + 1_000);
  });
});

describe("a killed worker's run (decision 0068)", () => {
  it("is given up in time for a successor to start within the intake rows' lease", () => {
    for (const job of [ingestLeadsJob, deliverLeadsJob])
      expect(job.expireInSeconds).toBe(RUN_EXPIRES_SECONDS);
    // Expired, found by the next maintenance, the queued successor fetched at the next poll.
    expect(RUN_EXPIRES_SECONDS + MAINTENANCE_INTERVAL_SECONDS + DEFAULT_POLLING_SECONDS).toBeLessThan(
      INTAKE_LEASE_SECONDS,
    );
    // A live run (a 20 s slice and its last batch) is never taken for dead.
    expect(RUN_EXPIRES_SECONDS).toBeGreaterThanOrEqual(3 * 20);
  });
});
