import { localDate, normalizeState, normalizeZip } from '@app/lead-engine';
import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import {
  type AdCampaign,
  type AdCampaignStatus,
  type AdGeography,
  type AdPlatform,
  AdPlatformError,
} from '../../providers/ad-platform/index.js';
import type { LocatorMirrorRepository, MirrorSnapshot } from './locator-mirror-repository.js';

/*
 * Locator campaigns mirrored to the ad platform (issue 11 "How leads arrive", decision 0051): an
 * organisation per client (under its agency's) and a campaign per locator campaign, with its
 * keywords, geography and dates, and its state. Our campaign row is the truth: a move or an edit is
 * committed first with its intent (the mirror revision), then the platform is called with no
 * transaction open, with idempotency keys of the business operation (`locator-mirror:<campaignId>:
 * <revision>:<call>`), then the result is recorded. A call that fails leaves our campaign as it was
 * moved; the `campaigns.locator-mirror` job tries again (outages with back-off; a refusal waits for
 * the next change). The mirror converges: it reads the campaign and the platform and makes only the
 * calls that differ, so a retry, a duplicate or a late run never moves the platform twice.
 */

/** Every minute: mirror what is behind (failed calls, lost intents, campaigns made before mirroring). */
export const locatorMirrorJob = defineJob({
  name: 'campaigns.locator-mirror',
  payload: z.object({}).strict(),
  retryLimit: 0,
  retryDelaySeconds: 30,
  recurring: { cron: '* * * * *' },
});

/** Campaigns one run of the job mirrors at most (the rest wait for the next minute). */
const RUN_LIMIT = 50;
/** Back-off of an outage: 30 s, 1 min, 2 min … at most an hour. */
export const mirrorRetryDelayMs = (attempts: number) =>
  Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** What the platform should show for our campaign's state. */
export function wantedStatus(s: Pick<MirrorSnapshot, 'status' | 'removed'>, platform: AdCampaignStatus) {
  if (s.removed) return 'ended' as const;
  if (s.status === 'running') return 'active' as const;
  // Paused, paused on run or stopped: our stop is not final (a campaign may be activated again), so
  // the platform pauses it; only a removal ends it there. A campaign never activated stays a draft.
  return platform === 'draft' ? ('draft' as const) : ('paused' as const);
}

/** Our lists in the platform's terms: state codes, `City, ST` entries as pairs, five-digit zips. */
export function adGeographyOf(
  s: Pick<MirrorSnapshot, 'national' | 'states' | 'cities' | 'zips'>,
): AdGeography {
  const cities: { city: string; state: string }[] = [];
  for (const entry of s.cities) {
    const comma = entry.lastIndexOf(',');
    const state = comma >= 0 ? normalizeState(entry.slice(comma + 1)) : null;
    // A city without its state cannot be targeted (the platform's cities are per state).
    if (state) cities.push({ city: entry.slice(0, comma).trim(), state });
  }
  return {
    national: s.national,
    states: s.states.map(normalizeState).filter((code): code is string => code !== null),
    cities,
    zips: s.zips.map(normalizeZip).filter((zip) => /^[0-9]{5}$/.test(zip)),
  };
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x, i) => x.toLowerCase() === b[i]?.toLowerCase());
const sameGeography = (a: AdGeography, b: AdGeography) =>
  a.national === b.national &&
  (a.national ||
    (sameList(a.states, b.states) &&
      sameList(a.zips, b.zips) &&
      sameList(
        a.cities.map((c) => `${c.city}|${c.state}`),
        b.cities.map((c) => `${c.city}|${c.state}`),
      )));

export function createLocatorMirror(deps: {
  repo: LocatorMirrorRepository;
  platform: AdPlatform;
  log: (message: string, detail?: unknown) => void;
  now?: () => Date;
}) {
  const { repo, platform } = deps;
  const now = deps.now ?? (() => new Date());

  /** The company's organisation at the platform, made once (key `adorg:<companyId>`). */
  async function organization(companyId: number, parentId?: string): Promise<string> {
    const known = await repo.organizationOf(companyId);
    if (known) return known;
    const made = await platform.createOrganization({
      idempotencyKey: `adorg:${companyId}`,
      name: (await repo.companyName(companyId)).slice(0, 200),
      reference: String(companyId),
      ...(parentId ? { parentId } : {}),
    });
    await repo.setOrganization(companyId, made.id);
    return (await repo.organizationOf(companyId)) ?? made.id;
  }

  /** One revision's calls: create, then targeting, then the status, each only if it differs. */
  async function apply(s: MirrorSnapshot): Promise<void> {
    const key = (call: string) => `locator-mirror:${s.campaignId}:${s.revision}:${call}`;
    const geography = adGeographyOf(s);
    let ad: AdCampaign | null = null;
    if (s.adPlatformCampaignId) {
      ad = await platform.getCampaign(s.adPlatformCampaignId);
      if (!ad)
        throw new AdPlatformError('not_found', `The ad platform lost campaign ${s.adPlatformCampaignId}.`);
    } else {
      if (s.removed) return; // never reached the platform: nothing to end there
      const agencyOrg = await organization(s.agencyId);
      const clientOrg = await organization(s.clientId, agencyOrg);
      ad = await platform.createCampaign({
        idempotencyKey: key('create'),
        organizationId: clientOrg,
        reference: s.publicId,
        name: s.name.slice(0, 200),
        keywords: s.keywords,
        contextualKeywords: s.contextualKeywords,
        geography,
        startDate: s.startDate ?? localDate(s.createdAt, s.timeZone),
        ...(s.endDate ? { endDate: s.endDate } : {}),
        timeZone: s.timeZone,
      });
      await repo.setPlatformCampaign(s.campaignId, ad.id);
    }
    const wanted = wantedStatus(s, ad.status);
    if (ad.status !== 'ended' && wanted !== 'ended') {
      const differs =
        !sameList(ad.keywords, s.keywords) ||
        !sameList(ad.contextualKeywords, s.contextualKeywords) ||
        !sameGeography(ad.geography, geography) ||
        ad.endDate !== s.endDate;
      if (differs)
        ad = await platform.updateCampaign({
          idempotencyKey: key('update'),
          campaignId: ad.id,
          keywords: s.keywords,
          contextualKeywords: s.contextualKeywords,
          geography,
          endDate: s.endDate,
        });
    }
    if (ad.status === wanted || wanted === 'draft') return;
    const move = { idempotencyKey: key(wanted), campaignId: ad.id };
    if (wanted === 'active') await platform.activateCampaign(move);
    else if (wanted === 'paused') await platform.pauseCampaign(move);
    else await platform.stopCampaign(move);
  }

  /**
   * Mirrors the campaign's latest revision if it is behind and free. Never throws: a failure is
   * recorded on the mirror (and logged) and the job retries it; the caller's move stands.
   */
  async function sync(campaignId: number): Promise<'mirrored' | 'failed' | 'skipped'> {
    let result: 'mirrored' | 'skipped' = 'skipped';
    for (let round = 0; round < 5; round++) {
      if (!(await repo.lease(campaignId))) return result;
      const snapshot = await repo.snapshot(campaignId);
      if (!snapshot) return result;
      try {
        await apply(snapshot);
      } catch (error) {
        // A refusal (bad targeting, an ended campaign) will not pass unchanged: it waits for the next
        // change. Anything else is an outage, retried with back-off.
        const refused = error instanceof AdPlatformError;
        const attempts = (await repo.attempts(campaignId)) + 1;
        const retryAt = refused ? null : new Date(now().getTime() + mirrorRetryDelayMs(attempts));
        const message = error instanceof Error ? error.message : String(error);
        await repo.failed(campaignId, message, retryAt);
        deps.log('locator mirror failed', { campaignId, revision: snapshot.revision, message });
        return 'failed';
      }
      result = 'mirrored';
      const wanted = await repo.mirrored(campaignId, snapshot.revision);
      if (wanted <= snapshot.revision) return result;
    }
    return result;
  }

  return {
    sync,
    /**
     * A client's organisation at the platform, under its agency's, made once (the Simplifi module
     * runs its campaigns in the same organisations, decision 0110).
     */
    async clientOrganization(s: { agencyId: number; clientId: number }): Promise<string> {
      return organization(s.clientId, await organization(s.agencyId));
    },
    /**
     * Which organisation at the platform is a company's (one per agency or client, decision 0051):
     * read, recorded when a person made it (the marketing organisation calls), forgotten when deleted.
     */
    organizations: {
      of: (companyId: number) => repo.organizationOf(companyId),
      record: (companyId: number, organizationId: string) => repo.setOrganization(companyId, organizationId),
      forget: (companyId: number, organizationId: string) =>
        repo.forgetOrganization(companyId, organizationId),
    },
    /** The retry job's run: every campaign behind and due, a bounded number per run. */
    async syncDue(): Promise<{ mirrored: number; failed: number }> {
      let mirrored = 0;
      let failed = 0;
      for (const id of await repo.due(RUN_LIMIT)) {
        const outcome = await sync(id);
        if (outcome === 'mirrored') mirrored += 1;
        if (outcome === 'failed') failed += 1;
      }
      return { mirrored, failed };
    },
  };
}

export type LocatorMirror = ReturnType<typeof createLocatorMirror>;

export function locatorMirrorHandler(mirror: LocatorMirror): JobHandler<typeof locatorMirrorJob.payload> {
  return {
    spec: locatorMirrorJob,
    async handle() {
      await mirror.syncDue();
    },
  };
}
