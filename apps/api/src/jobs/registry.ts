import { mergeAudienceJob } from '../modules/ad-audiences/index.js';
import { adBudgetRenewalJob, adPlatformSyncJob, adStatsPullJob } from '../modules/ad-campaigns/index.js';
import {
  commissionPayoutsJob,
  commissionsJob,
  invoicePeriodsJob,
  invoiceRetriesJob,
  minimumSpendJob,
  paymentRemindersJob,
  prepaidLowNoticesJob,
  prepaidTopUpsJob,
  reconcileJob,
  rootFeesJob,
  settlePendingJob,
  walletExpiryJob,
  walletTopUpsJob,
} from '../modules/billing/index.js';
import { locatorMirrorJob } from '../modules/campaigns/index.js';
import { openApiSweepJob } from '../modules/developer/index.js';
import { mergeExclusionUploadJob } from '../modules/exclusions/index.js';
import { passwordResetLinkJob } from '../modules/identity/index.js';
import { enhancementCountJob, keywordCountJob } from '../modules/keyword-counts/index.js';
import { adConversionsJob, vendorListJob, vendorListSweepJob } from '../modules/leads/index.js';
import { deliverEmailJob } from '../modules/mail/index.js';
import { processPaymentEventJob, sandboxWebhookJob } from '../modules/payments/index.js';
import { domainCertificateJob } from '../modules/settings/index.js';
import { embedCheckJob } from '../modules/site-tests/index.js';
import type { JobSpec } from './define-job.js';

/** Every job the product runs; queues are created for all of them at start. */
export const JOB_SPECS: readonly JobSpec[] = [
  adConversionsJob,
  commissionPayoutsJob,
  commissionsJob,
  deliverEmailJob,
  domainCertificateJob,
  embedCheckJob,
  enhancementCountJob,
  invoicePeriodsJob,
  invoiceRetriesJob,
  keywordCountJob,
  locatorMirrorJob,
  adBudgetRenewalJob,
  adPlatformSyncJob,
  adStatsPullJob,
  mergeAudienceJob,
  mergeExclusionUploadJob,
  minimumSpendJob,
  openApiSweepJob,
  passwordResetLinkJob,
  paymentRemindersJob,
  prepaidLowNoticesJob,
  prepaidTopUpsJob,
  processPaymentEventJob,
  reconcileJob,
  rootFeesJob,
  sandboxWebhookJob,
  settlePendingJob,
  vendorListJob,
  vendorListSweepJob,
  walletExpiryJob,
  walletTopUpsJob,
];

/**
 * Queues the product no longer has: their schedules are removed at start, so a database made
 * before keeps no cron queuing runs nobody works. `leads.ingest` and `leads.deliver` were stately
 * runs, one at a time in the cluster; every worker now drains those tables itself (decision 0122).
 */
export const RETIRED_JOBS: readonly string[] = ['leads.ingest', 'leads.deliver'];
