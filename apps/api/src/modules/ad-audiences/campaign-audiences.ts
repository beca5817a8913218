import { AUDIENCE_TEXTS, type AudienceKeyKind, type AudienceStatus } from '@app/contracts';
import { HttpError, notFound } from '../../http-errors.js';
import type { AudienceRepository, AudienceRow } from './audience-repository.js';

/*
 * The ad-audiences module's public face for the ad-campaigns module (decision 0114), which pushes
 * audiences to the ad platform and targets its Simplifi campaigns with them; this module never calls
 * the ad platform. A campaign may use its client's audiences and its agency's own.
 */

/** An audience as the ad-campaigns module sees it: no names of people, no keys (those are `keysOf`). */
export interface AudienceSummary {
  id: number;
  name: string;
  companyId: number;
  agencyId: number;
  kind: AudienceKeyKind;
  status: AudienceStatus;
  /** Distinct MD5 keys stored (final once ready). */
  size: number;
  platformAudienceId: string | null;
}

/** The campaign an audience is attached to, as the ad-campaigns module knows it. */
export interface AudienceCampaign {
  id: number;
  clientId: number;
  agencyId: number;
}

const summaryOf = (row: AudienceRow): AudienceSummary => ({
  id: row.id,
  name: row.name,
  companyId: row.company_id,
  agencyId: row.agency_id,
  kind: row.key_kind,
  status: row.status,
  size: row.keys_stored,
  platformAudienceId: row.platform_audience_id,
});

/** Keys per batch of `keysOf`: the ad platform's calls take lists of this size comfortably. */
export const KEYS_BATCH = 10_000;

const usableBy = (row: AudienceRow, campaign: AudienceCampaign) =>
  row.company_id === campaign.clientId || row.company_id === campaign.agencyId;

export function createCampaignAudiences(deps: { repo: AudienceRepository }) {
  const { repo } = deps;
  return {
    async audience(id: number): Promise<AudienceSummary | null> {
      const row = await repo.one(id);
      return row ? summaryOf(row) : null;
    },

    /** The audiences a company owns (an agency's own, without its clients'), newest first. */
    async audiencesOf(companyId: number): Promise<AudienceSummary[]> {
      return (await repo.ofCompany(companyId, false)).map(summaryOf);
    },

    /** Ready audiences a campaign of this client may use: the client's and its agency's own. */
    async usableBy(campaign: Omit<AudienceCampaign, 'id'>): Promise<AudienceSummary[]> {
      const [own, agency] = await Promise.all([
        repo.ofCompany(campaign.clientId, false),
        repo.ofCompany(campaign.agencyId, false),
      ]);
      return [...own, ...agency].filter((a) => a.status === 'ready').map(summaryOf);
    },

    /**
     * An audience's keys (lowercase hex MD5s) in key order, in batches of at most `batch`, read a page
     * at a time (keyset), so a million keys never sit in memory together.
     */
    async *keysOf(audienceId: number, batch = KEYS_BATCH): AsyncGenerator<string[]> {
      let after = '';
      for (;;) {
        const page = await repo.keysAfter(audienceId, after, batch);
        if (page.length === 0) return;
        yield page;
        if (page.length < batch) return;
        after = page[page.length - 1] as string;
      }
    },

    /** The ad platform's id for the audience once pushed (null when it was removed there); false if gone here. */
    recordPlatformAudience: (audienceId: number, platformId: string | null): Promise<boolean> =>
      repo.recordPlatformAudience(audienceId, platformId),

    /**
     * Makes these audiences the campaign's (added to those it has). Each must be the campaign's
     * client's or its agency's own (else 404, as a foreign id) and ready (else 409): a campaign never
     * targets a list still being stored. Attaching one twice changes nothing.
     */
    async attach(campaign: AudienceCampaign, audienceIds: readonly number[]): Promise<AudienceSummary[]> {
      const ids = [...new Set(audienceIds)];
      const rows = await repo.byIds(ids);
      if (rows.length !== ids.length || rows.some((r) => !usableBy(r, campaign))) throw notFound();
      if (rows.some((r) => r.status !== 'ready'))
        throw new HttpError(409, 'audience_not_ready', AUDIENCE_TEXTS.notReady);
      // Deleted between the read and the attach: as if it had never been there.
      if (!(await repo.attach(campaign.id, ids))) throw notFound();
      return rows.map(summaryOf);
    },

    /** Takes audiences off a campaign (all of them when no ids are given); the number taken off. */
    detach: (campaignId: number, audienceIds?: readonly number[]): Promise<number> =>
      repo.detach(campaignId, audienceIds),

    /** The audiences a campaign uses. */
    async ofCampaign(campaignId: number): Promise<AudienceSummary[]> {
      return (await repo.ofCampaign(campaignId)).map(summaryOf);
    },
  };
}

export type CampaignAudiences = ReturnType<typeof createCampaignAudiences>;
