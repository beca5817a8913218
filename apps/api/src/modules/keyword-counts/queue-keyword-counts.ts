import { randomUUID } from 'node:crypto';
import {
  KEYWORD_COUNT_LOOKBACK_DAYS,
  type KeywordCountRow,
  type QueueKeywordCountInput,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Principal } from '../tenancy/index.js';
import { keywordCountJob } from './count-jobs.js';
import { keywordKeyOf, placeOf } from './count-place.js';
import type { KeywordCountRepository, NewKeywordCount } from './keyword-count-repository.js';
import { keywordCountRowOf } from './keyword-count-view.js';

export const NOT_AN_AGENCY_OR_CLIENT = 'Keyword counts are kept for an agency or a client.';
const DAY_MS = 86_400_000;

/**
 * Queues a keyword count (one row per keyword) for an agency or a client. A keyword counted in the
 * same module and place within the lookback (spec 2 §9: 7 days) anywhere in the system is answered
 * from that count at once — the vendor's answer would be the same — and the rest wait for the
 * vendor in one job each. A keyword already waiting for the vendor in the same company, module and
 * place is not queued again: the answer lists its pending row.
 */
export function createQueueKeywordCounts(deps: {
  repo: KeywordCountRepository;
  queue: Pick<JobQueue, 'enqueueMany'>;
  /** The company's kind when it is an agency or a client of the caller's system; null otherwise. */
  isAgencyOrClient: (companyId: number) => Promise<boolean>;
  /** 404 unless the caller may open the module (decision 0063). */
  requireReadable: (p: Principal, module: QueueKeywordCountInput['module']) => Promise<void>;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async function queueKeywordCounts(
    p: Principal,
    input: QueueKeywordCountInput,
  ): Promise<{ rows: KeywordCountRow[]; fromHistory: number }> {
    if (!(await deps.isAgencyOrClient(input.company_id)))
      throw badRequest(NOT_AN_AGENCY_OR_CLIENT, { company_id: NOT_AN_AGENCY_OR_CLIENT });
    await deps.requireReadable(p, input.module);
    const place = placeOf(input);
    const since = new Date(now().getTime() - KEYWORD_COUNT_LOOKBACK_DAYS * DAY_MS);
    const history = await deps.repo.history(
      p.systemId,
      input.module,
      input.keywords.map(keywordKeyOf),
      place,
      since,
    );
    const batchId = randomUUID();
    const rows: NewKeywordCount[] = input.keywords.map((keyword) => {
      const base: NewKeywordCount = {
        systemId: p.systemId,
        companyId: input.company_id,
        requestedByUserId: p.userId,
        batchId,
        module: input.module,
        targetLocation: place.targetLocation,
        states: place.states,
        cities: place.cities,
        zips: place.zips,
        keyword,
        keywordKey: keywordKeyOf(keyword),
      };
      const earlier = history.get(base.keywordKey);
      if (!earlier || earlier.count === null || earlier.countWithoutGeo === null) return base;
      return {
        ...base,
        status: 'done',
        count: earlier.count,
        countWithoutGeo: earlier.countWithoutGeo,
        apiVersion: earlier.apiVersion,
        historyOfId: earlier.id,
        countedAt: earlier.countedAt,
      };
    });
    const { stored, alreadyPending } = await deps.repo.insertUnlessPending(
      input.company_id,
      input.module,
      place,
      rows,
    );
    const pending = stored.filter((r) => r.status === 'pending');
    await deps.queue.enqueueMany(
      keywordCountJob,
      pending.map((r) => ({ countId: r.id })),
    );
    return {
      rows: [...stored, ...alreadyPending].map(keywordCountRowOf),
      fromHistory: stored.length - pending.length,
    };
  };
}
