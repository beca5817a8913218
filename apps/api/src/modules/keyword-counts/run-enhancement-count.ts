import { fieldsOfType, type InformationType, isVendorListModule, KEYWORD_COUNT_BUSY } from '@app/contracts';
import type { JobContext } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import {
  type DataVendor,
  DataVendorUnavailable,
  type EnhancementCountAnswer,
  IdentityRequestError,
  type VendorAnswer,
} from '../../providers/identities/index.js';
import type { CampaignService } from '../campaigns/index.js';
import { enhancementCountJob } from './count-jobs.js';
import { campaignGeography } from './count-place.js';
import type { EnhancementCountRepository } from './enhancement-count-repository.js';

/**
 * One enhancement count's job: the campaign's keywords and place as they are now, every field of
 * the type, asked of the vendor (or a slow answer collected); stored once, done or failed.
 */
export function createRunEnhancementCount(deps: {
  repo: EnhancementCountRepository;
  vendor: DataVendor;
  queue: Pick<JobQueue, 'enqueue'>;
  campaigns: Pick<CampaignService, 'get'>;
}) {
  async function ask(
    row: NonNullable<Awaited<ReturnType<EnhancementCountRepository['get']>>>,
  ): Promise<VendorAnswer<EnhancementCountAnswer>> {
    if (row.vendorTicket) return deps.vendor.collectEnhancementCount(row.vendorTicket);
    const { data: campaign } = await deps.campaigns.get(row.campaignId);
    const module = campaign.leadspeekType;
    if (!isVendorListModule(module))
      throw new IdentityRequestError('Data enhancement counts are for Enhance and B2B campaigns.', 'module');
    return deps.vendor.countEnhancement({
      module,
      keywords: campaign.locatorkeyword,
      geography: campaignGeography(campaign),
      fields: fieldsOfType(row.informationType as InformationType).map((f) => f.id),
    });
  }

  return async function runEnhancementCount(countId: number, context: JobContext): Promise<void> {
    const row = await deps.repo.get(countId);
    if (row?.status !== 'pending') return;
    let answer: VendorAnswer<EnhancementCountAnswer>;
    try {
      answer = await ask(row);
    } catch (err) {
      if (err instanceof DataVendorUnavailable || err instanceof IdentityRequestError) {
        await deps.repo.fail(row.id, err instanceof IdentityRequestError ? err.message : KEYWORD_COUNT_BUSY);
        return;
      }
      if (context.isLastAttempt) await deps.repo.fail(row.id, KEYWORD_COUNT_BUSY);
      throw err;
    }
    if (answer.status === 'waiting') {
      await deps.repo.wait(row.id, answer.ticket);
      await deps.queue.enqueue(
        enhancementCountJob,
        { countId: row.id },
        { startAfterSeconds: answer.retryAfterSeconds },
      );
      return;
    }
    await deps.repo.answer(row.id, answer.answer, deps.vendor.apiVersion);
  };
}
