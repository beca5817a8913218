import {
  COUNT_OUTCOME_LABELS,
  countOutcomeOf,
  type KeywordCountStatus,
  TARGET_LOCATION_LABELS,
} from '@app/contracts';
import type { MailService } from '../mail/index.js';
import type { PersonContactOf } from '../users/index.js';
import type { KeywordCountRecord, KeywordCountRepository } from './keyword-count-repository.js';

/**
 * The e-mail of spec 2 §4 ("pending … e-mail on completion"): when every count of a queued request
 * has finished and the vendor made at least one of them wait (heavy load), the person who queued it
 * gets one e-mail with the results. A request answered at once is read on the screen; no e-mail.
 * The mail's key is the request's, so a job that runs twice sends one.
 */
export function createNotifyCounted(deps: {
  repo: Pick<KeywordCountRepository, 'ofBatch'>;
  mail: Pick<MailService, 'queueEmail'>;
  personContact: PersonContactOf;
}) {
  return async function notifyCounted(batchId: string): Promise<void> {
    const rows = await deps.repo.ofBatch(batchId);
    const first = rows[0];
    if (!first || rows.some((r) => r.status === 'pending') || !rows.some((r) => r.waitedAt !== null)) return;
    if (first.requestedByUserId === null) return;
    const person = await deps.personContact(first.requestedByUserId);
    if (!person) return;
    const lines = rows.map(lineOf);
    await deps.mail.queueEmail({
      systemId: first.systemId,
      companyId: first.companyId,
      to: person.email,
      subject: rows.length === 1 ? 'Your keyword count is complete' : 'Your keyword counts are complete',
      text: [
        `Hello ${person.name},`,
        '',
        `The keyword ${rows.length === 1 ? 'count' : 'counts'} you queued ${placeText(first)} ${rows.length === 1 ? 'is' : 'are'} complete:`,
        '',
        ...lines,
        '',
        'Open Campaign Management, Keyword Counts, to apply keywords to a campaign or retry a failed count.',
      ].join('\n'),
      key: `keyword-counts:${batchId}`,
    });
  };
}

function placeText(r: KeywordCountRecord): string {
  if (r.targetLocation === 'national') return 'nationwide';
  if (r.targetLocation === 'zip') return `in ${r.zips.length} zip ${r.zips.length === 1 ? 'code' : 'codes'}`;
  return `in ${[...r.states, ...r.cities].join(', ') || TARGET_LOCATION_LABELS.state}`;
}

function lineOf(r: KeywordCountRecord): string {
  const outcome = countOutcomeOf(r.status as KeywordCountStatus, r.count);
  const label = COUNT_OUTCOME_LABELS[outcome];
  if (outcome === 'failed') return `- ${r.keyword}: ${label} (${r.error ?? 'not counted'})`;
  return `- ${r.keyword}: ${label}, ${(r.count ?? 0).toLocaleString('en-US')} found, ${(r.countWithoutGeo ?? 0).toLocaleString('en-US')} historical (7 days, nationwide)`;
}
