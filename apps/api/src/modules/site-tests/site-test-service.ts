import {
  LEAD_MODULES,
  type ModuleType,
  moduleEntry,
  type SendTestLeadResponse,
  SITE_CHECK_BLOCKED_MESSAGE,
  type SiteCheckOutcomeValue,
  type SiteCheckResponse,
  siteCheckOutcomeOf,
  TEST_LEAD_INTERVAL_SECONDS,
  TEST_LEAD_TOO_SOON,
} from '@app/contracts';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SiteChecker, SiteCheckResult } from '../embed/index.js';
import type { TestLeads } from '../leads/index.js';
import type { SiteTestCampaign, SiteTestRepository } from './site-test-repository.js';
import { testLeadIdentity } from './test-lead-identity.js';

/*
 * A campaign's site tests (spec 2 §7 "Site tests", decision 0050): check the embed code on its site
 * now, read the last check, send a test lead. Scope is checked by the routes' access rules before
 * these run; here a campaign id that is gone is still a 404.
 */

/** How long a site check may take in all before the answer is the spec's 504 (the fetcher's own limit is 10 s). */
const CHECK_DEADLINE_MS = 15_000;
/** How long a test lead's request waits for the ingest job's outcome before answering "on its way". */
const TEST_LEAD_WAIT_MS = 10_000;

export const TEST_LEAD_MESSAGES = {
  stored: (publicId: string) =>
    `A test lead was sent to campaign #${publicId}. It shows in the lead report as "Test Lead" with source test, goes to the campaign's report recipients, and is not billed.`,
  rejected: (label: string) =>
    `The test lead did not get through: ${label}. A real lead would be refused the same way.`,
  pending: 'The test lead is on its way. It will show in the lead report in a moment.',
} as const;

export const NOT_LOCAL_CAMPAIGN =
  'The site check is for campaigns whose leads come from the embed code on a website (Site ID).';
export const NO_TEST_LEADS = 'This campaign does not take leads, so a test lead cannot be sent.';
export const TOO_MANY_SITE_CHECKS =
  'This site was checked many times in the last minute. Please wait a minute and check again.';

/** Site checks of one campaign per minute, shared by every process: each is an outbound fetch. */
const CHECKS_PER_MINUTE = { limit: 10, windowSeconds: 60 };

/** Outcomes that mean the embed code is there (the spec's 'exist'). */
const EXISTS: readonly SiteCheckOutcomeValue[] = ['found', 'found_via_gtm'];

const isPixelModule = (module: string) => moduleEntry(module as ModuleType).leadSource === 'pixel';

export function createSiteTestService(deps: {
  repo: SiteTestRepository;
  checkSite: SiteChecker;
  testLeads: Pick<TestLeads, 'submit' | 'waitForOutcome'>;
  limiter: Pick<RateLimiter, 'hit'>;
  /** Tests shorten these. */
  checkDeadlineMs?: number;
  testLeadWaitMs?: number;
}) {
  const { repo } = deps;
  const deadlineMs = deps.checkDeadlineMs ?? CHECK_DEADLINE_MS;

  async function found(id: number): Promise<SiteTestCampaign> {
    const campaign = await repo.campaign(id);
    if (!campaign) throw notFound();
    return campaign;
  }

  async function localCampaign(id: number): Promise<SiteTestCampaign> {
    const campaign = await found(id);
    if (!isPixelModule(campaign.module))
      throw badRequest(NOT_LOCAL_CAMPAIGN, { leadspeekID: NOT_LOCAL_CAMPAIGN });
    return campaign;
  }

  /**
   * Checks the page and stores the result as the campaign's embed status, with the time stored. A
   * checker that does not settle within the deadline is stored as 'blocked' and answered with a
   * null result (the route's 504).
   */
  async function checkAndStore(
    campaign: SiteTestCampaign,
    url: string,
  ): Promise<{ result: SiteCheckResult | null; at: Date }> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), deadlineMs);
    });
    const checking = deps.checkSite({
      url,
      campaignId: campaign.publicId,
      gtmInstalled: campaign.gtmInstalled,
    });
    // A check that finishes after its deadline has nobody to answer; its error must not go unhandled.
    checking.catch(() => {});
    const result = await Promise.race([checking, late]).finally(() => clearTimeout(timer));
    const stored = result ?? {
      outcome: 'blocked' as const,
      message: SITE_CHECK_BLOCKED_MESSAGE,
      url,
    };
    const at = new Date();
    await repo.storeCheck(campaign.id, {
      outcome: stored.outcome,
      message: stored.message,
      url: stored.url,
      at,
    });
    return { result, at };
  }

  const answer = (outcome: SiteCheckOutcomeValue, message: string, url: string, at: Date | null) =>
    ({
      result: 'success',
      data: {
        status: EXISTS.includes(outcome) ? 'exist' : 'not exist',
        outcome,
        message,
        url,
        checked_at: at === null ? null : at.toISOString(),
      },
    }) satisfies SiteCheckResponse;

  return {
    checkAndStore,

    /** `POST /check-site-embeded-code`: the campaign's url (or the page given) now. */
    async checkNow(id: number, url: string | undefined): Promise<SiteCheckResponse> {
      const campaign = await localCampaign(id);
      if (!(await deps.limiter.hit(`site-check:${campaign.id}`, CHECKS_PER_MINUTE)).allowed)
        throw new HttpError(429, 'rate_limited', TOO_MANY_SITE_CHECKS);
      const page = url && url.trim() !== '' ? url : campaign.urlCode;
      const { result, at } = await checkAndStore(campaign, page);
      if (!result) throw new HttpError(504, 'site_check_timeout', SITE_CHECK_BLOCKED_MESSAGE);
      return answer(result.outcome, result.message, result.url, at);
    },

    /** `GET /check-run-embeded-code`: the last stored result ('unchecked' before the first). */
    async lastCheck(id: number): Promise<SiteCheckResponse> {
      const campaign = await localCampaign(id);
      if (campaign.embedCheckedAt === null || campaign.embedStatus === 'unchecked')
        return answer('unchecked', 'The embed code has not been checked yet.', campaign.urlCode, null);
      return answer(
        siteCheckOutcomeOf(campaign.embedStatus),
        campaign.embedCheckMessage,
        campaign.embedCheckUrl || campaign.urlCode,
        campaign.embedCheckedAt,
      );
    },

    /** `POST /send-test-lead`: once a minute per campaign, through the campaign's whole pipeline. */
    async sendTestLead(id: number): Promise<SendTestLeadResponse> {
      const campaign = await found(id);
      if (!(LEAD_MODULES as readonly string[]).includes(campaign.module))
        throw badRequest(NO_TEST_LEADS, { leadspeekID: NO_TEST_LEADS });
      if (!(await repo.claimTestLeadSlot(campaign.id, TEST_LEAD_INTERVAL_SECONDS)))
        throw new HttpError(429, 'test_lead_too_soon', TEST_LEAD_TOO_SOON);
      const identity = testLeadIdentity(campaign);
      await deps.testLeads.submit(campaign.id, identity);
      const outcome = await deps.testLeads.waitForOutcome(
        campaign.id,
        identity.emailMd5,
        deps.testLeadWaitMs ?? TEST_LEAD_WAIT_MS,
      );
      if (outcome.kind === 'stored')
        return {
          result: 'success',
          message: TEST_LEAD_MESSAGES.stored(campaign.publicId),
          data: { lead_id: outcome.leadId, rejection: null },
        };
      if (outcome.kind === 'rejected')
        return {
          result: 'success',
          message: TEST_LEAD_MESSAGES.rejected(outcome.label),
          data: { lead_id: null, rejection: outcome.label },
        };
      return {
        result: 'success',
        message: TEST_LEAD_MESSAGES.pending,
        data: { lead_id: null, rejection: null },
      };
    },
  };
}

export type SiteTestService = ReturnType<typeof createSiteTestService>;
