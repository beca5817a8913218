import {
  COUNT_ALREADY_PROCESSING,
  COUNT_NOT_FAILED,
  type KeywordCountModule,
  type KeywordCountRow,
} from '@app/contracts';
import { HttpError, notFound } from '../../http-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Principal } from '../tenancy/index.js';
import { keywordCountJob } from './count-jobs.js';
import type { KeywordCountRepository } from './keyword-count-repository.js';
import { keywordCountRowOf } from './keyword-count-view.js';

/**
 * Retries a failed count (spec 2 §4: "Retry allowed unless processing"): the vendor is asked again
 * (never the history: the person asks for a fresh answer). One pending (being processed) or done
 * is refused as it stands.
 */
export function createRetryKeywordCount(deps: {
  repo: KeywordCountRepository;
  queue: Pick<JobQueue, 'enqueue'>;
  requireReadable: (p: Principal, module: KeywordCountModule) => Promise<void>;
}) {
  return async function retryKeywordCount(p: Principal, id: number): Promise<KeywordCountRow> {
    // The access rule has checked the count's company against the caller's scope.
    const row = await deps.repo.get(id);
    if (!row || row.systemId !== p.systemId) throw notFound();
    await deps.requireReadable(p, row.module as KeywordCountModule);
    if (row.status === 'pending') throw new HttpError(409, 'count_processing', COUNT_ALREADY_PROCESSING);
    if (row.status === 'done') throw new HttpError(409, 'count_not_failed', COUNT_NOT_FAILED);
    const reopened = await deps.repo.reopen(id);
    // Someone else's retry got there first: this one is being processed now.
    if (!reopened) throw new HttpError(409, 'count_processing', COUNT_ALREADY_PROCESSING);
    await deps.queue.enqueue(keywordCountJob, { countId: id });
    return keywordCountRowOf(reopened);
  };
}
