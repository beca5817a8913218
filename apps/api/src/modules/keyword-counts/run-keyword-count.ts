import { KEYWORD_COUNT_BUSY, type KeywordCountModule } from '@app/contracts';
import type { JobContext } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import {
  type DataVendor,
  DataVendorUnavailable,
  IdentityRequestError,
  type KeywordCountAnswer,
  type VendorAnswer,
} from '../../providers/identities/index.js';
import { keywordCountJob } from './count-jobs.js';
import { geographyOf } from './count-place.js';
import type { KeywordCountRecord, KeywordCountRepository } from './keyword-count-repository.js';

/**
 * One keyword count's job: asks the vendor (or collects a slow answer with its ticket) and stores
 * what it said — done with the counts, or failed — once; a waiting answer queues the job again for
 * when the vendor said it would be ready. Each finished count lets its request's e-mail go out.
 */
export function createRunKeywordCount(deps: {
  repo: KeywordCountRepository;
  vendor: DataVendor;
  queue: Pick<JobQueue, 'enqueue'>;
  /** Called when a count of the request finished (the e-mail goes once all did). */
  finished: (batchId: string) => Promise<void>;
}) {
  const ask = (row: KeywordCountRecord): Promise<VendorAnswer<KeywordCountAnswer>> =>
    row.vendorTicket
      ? deps.vendor.collectKeywordCount(row.vendorTicket)
      : deps.vendor.countKeyword({
          module: row.module as KeywordCountModule,
          keyword: row.keyword,
          geography: geographyOf({
            targetLocation: row.targetLocation as 'national' | 'state' | 'zip',
            states: row.states,
            cities: row.cities,
            zips: row.zips,
          }),
        });

  return async function runKeywordCount(countId: number, context: JobContext): Promise<void> {
    const row = await deps.repo.get(countId);
    if (row?.status !== 'pending') return;
    let answer: VendorAnswer<KeywordCountAnswer>;
    try {
      answer = await ask(row);
    } catch (err) {
      // The vendor's outage (or a question it refused): the person sees it failed and may retry.
      if (err instanceof DataVendorUnavailable || err instanceof IdentityRequestError) {
        await deps.repo.fail(row.id, err instanceof IdentityRequestError ? err.message : KEYWORD_COUNT_BUSY);
        await deps.finished(row.batchId);
        return;
      }
      if (context.isLastAttempt) {
        await deps.repo.fail(row.id, KEYWORD_COUNT_BUSY);
        await deps.finished(row.batchId);
      }
      throw err;
    }
    if (answer.status === 'waiting') {
      await deps.repo.wait(row.id, answer.ticket);
      await deps.queue.enqueue(
        keywordCountJob,
        { countId: row.id },
        { startAfterSeconds: answer.retryAfterSeconds },
      );
      return;
    }
    await deps.repo.answer(row.id, answer.answer, deps.vendor.apiVersion);
    await deps.finished(row.batchId);
  };
}
