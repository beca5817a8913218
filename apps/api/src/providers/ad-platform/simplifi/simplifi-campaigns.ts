import { createHash } from 'node:crypto';
import type { Cents } from '@app/contracts';
import {
  type AdBudget,
  type AdCampaign,
  type AdCampaignStatus,
  type AdGoal,
  type AdPlatform,
  AdPlatformError,
  type AttachAudiencesInput,
  type CampaignMove,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '../ad-platform.js';
import { checkCampaign, checkCampaignId, checkCampaignUpdate, checkIdempotencyKey } from '../requests.js';
import { checkAttachAudiences } from '../requests-audiences.js';
import type { SimplifiGeography } from './simplifi-geography.js';
import { allPages, firstOf, type SimplifiHttp } from './simplifi-http.js';
import { basisPointsAsPercent, percentToBasisPoints } from './simplifi-percent.js';
import { centsAsDollars, dollarsToCents, dollarsToMicros, microsAsDollars } from './simplifi-wire.js';

/*
 * Campaigns at Simpli.fi (decision 0112). A campaign is made in two steps, as the API asks: `POST
 * /organizations/{org}/campaigns` with no body returns a draft, then `PUT` sets its attributes
 * (type, dates, budgets, bid, goal, geo targets, postal codes) and a multipart `PUT .../keywords`
 * its keyword list. Status moves are the campaign's actions (`POST /campaigns/{id}/activate`,
 * `pause`, `end`). Our reference, the campaign's time zone and a digest of the idempotency key ride
 * in the campaign's `custom_id` ("<reference> <zone> <digest>"): a retried create looks the campaign
 * up by it instead of making another. Types: search → Search (1); display → Contextual (2) when it
 * has contextual keywords, else Geo Optimized (5). Simpli.fi keeps one keyword list a campaign, so a
 * search campaign takes no contextual keywords and a display campaign no search keywords.
 */

interface SimplifiCampaign {
  id: number | string;
  resource?: string;
  organization_id?: number | string;
  name: string;
  custom_id: string | null;
  campaign_type?: { id: number; name: string } | null;
  start_date: string | null;
  end_date: string | null;
  bid?: number | string | null;
  campaign_goal?: { goal_type: string; goal_value: number | string } | null;
  daily_budget?: number | string | null;
  total_budget?: number | string | null;
  status: string;
}

const TYPE_SEARCH = 1;
const TYPE_CONTEXTUAL = 2;
const TYPE_GEO_OPTIMIZED = 5;
/** Simpli.fi campaigns run on its account's clock; one made outside us reads in Central time. */
const DEFAULT_ZONE = 'America/Chicago';

const STATUS: Record<string, AdCampaignStatus> = {
  draft: 'draft',
  // Activated, waiting for its start date: it will serve without another move.
  pending: 'active',
  active: 'active',
  paused: 'paused',
  // Held by Simpli.fi (a review or a billing hold): serving nothing until it is released.
  suspended: 'paused',
  ended: 'ended',
};

export const markerOf = (reference: string, timeZone: string, idempotencyKey: string) =>
  `${reference} ${timeZone} ${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 16)}`;

type CampaignCalls = Pick<
  AdPlatform,
  | 'createCampaign'
  | 'updateCampaign'
  | 'activateCampaign'
  | 'pauseCampaign'
  | 'stopCampaign'
  | 'getCampaign'
  | 'attachAudiences'
>;

/** What Simpli.fi cannot hold, refused before any call. */
function refuseUnheld(
  kind: 'search' | 'display',
  keywords: readonly string[],
  contextual: readonly string[],
) {
  if (kind === 'search' && contextual.length > 0)
    throw new AdPlatformError(
      'invalid_request',
      'Simpli.fi keeps one keyword list a campaign: a search campaign takes no contextual keywords.',
      'contextualKeywords',
    );
  if (kind === 'display' && keywords.length > 0)
    throw new AdPlatformError(
      'invalid_request',
      'A display campaign at Simpli.fi targets contextual keywords, not search keywords.',
      'keywords',
    );
}

function goalToSimplifi(goal: AdGoal | null) {
  if (goal === null) return null;
  return {
    goal_type: goal.type,
    goal_value: goal.type === 'ctr' ? basisPointsAsPercent(goal.value) : microsAsDollars(goal.value),
  };
}

function goalFromSimplifi(goal: SimplifiCampaign['campaign_goal']): AdGoal | null {
  if (!goal) return null;
  if (goal.goal_type === 'ctr') {
    const value = percentToBasisPoints(goal.goal_value);
    return value === null ? null : { type: 'ctr', value };
  }
  if (goal.goal_type !== 'cpc' && goal.goal_type !== 'cpa') return null;
  const value = dollarsToMicros(goal.goal_value);
  return value === null ? null : { type: goal.goal_type, value };
}

const budgetToSimplifi = (budget: AdBudget) => ({
  daily_budget: budget.daily !== undefined ? centsAsDollars(budget.daily) : null,
  total_budget: budget.total !== undefined ? centsAsDollars(budget.total) : null,
});

/** The organisation a campaign belongs to, from its resource address (…/organizations/8/campaigns/…). */
const organizationOf = (row: SimplifiCampaign) =>
  row.organization_id !== undefined
    ? String(row.organization_id)
    : (/\/organizations\/(\d+)\/campaigns\//.exec(row.resource ?? '')?.[1] ?? '');

const keywordsCsv = (keywords: readonly string[]) =>
  Buffer.from(keywords.map((k) => (/[",\n]/.test(k) ? `"${k.replace(/"/g, '""')}"` : k)).join('\n'));

/** The first column of each line of Simpli.fi's keyword download ("keyword,max bid"). */
export function keywordsFromCsv(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const quoted = /^"((?:[^"]|"")*)"/.exec(line);
      return (quoted ? (quoted[1] ?? '').replace(/""/g, '"') : (line.split(',')[0] ?? '')).trim();
    })
    .filter((k) => k !== '' && k.toLowerCase() !== 'keyword');
}

export function simplifiCampaigns(http: SimplifiHttp, geography: SimplifiGeography): CampaignCalls {
  async function readRow(id: string): Promise<SimplifiCampaign | null> {
    if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) return null;
    const answer = await http.call('GET', `/campaigns/${id}?attributes_only=true`);
    return answer.status === 404 ? null : firstOf<SimplifiCampaign>(answer, 'campaigns');
  }

  async function read(id: string): Promise<AdCampaign | null> {
    const row = await readRow(id);
    if (!row) return null;
    const org = organizationOf(row);
    const [keywordsAnswer, targets, postal, segments] = await Promise.all([
      http.call('GET', `/organizations/${org}/campaigns/${id}/keywords/download`),
      allPages<{ id: number; name: string; parent_id: number | null }>(
        http,
        `/campaigns/${id}/geo_targets`,
        'geo_targets',
      ),
      allPages<{ postal_code: string }>(http, `/campaigns/${id}/postal_codes`, 'postal_codes'),
      allPages<{ first_party_segment_id: number | string }>(
        http,
        `/campaigns/${id}/campaign_first_party_segments`,
        'campaign_first_party_segments',
      ),
    ]);
    const [reference = '', timeZone = DEFAULT_ZONE] = (row.custom_id ?? '').split(' ');
    const keywords = keywordsAnswer.status === 404 ? [] : keywordsFromCsv(keywordsAnswer.text);
    const type = row.campaign_type?.id ?? TYPE_SEARCH;
    const daily = dollarsToCents(row.daily_budget);
    const total = dollarsToCents(row.total_budget);
    return {
      id: String(row.id),
      organizationId: org,
      reference,
      name: row.name,
      kind: type === TYPE_SEARCH ? 'search' : 'display',
      status: STATUS[row.status.toLowerCase()] ?? 'paused',
      keywords: type === TYPE_SEARCH ? keywords : [],
      contextualKeywords: type === TYPE_SEARCH ? [] : keywords,
      geography: await geography.fromSimplifi(
        targets,
        postal.map((p) => p.postal_code),
      ),
      budget: {
        ...(daily !== null ? { daily: daily as Cents } : {}),
        ...(total !== null ? { total: total as Cents } : {}),
      },
      maxBid: dollarsToMicros(row.bid),
      goal: goalFromSimplifi(row.campaign_goal),
      audienceIds: segments.map((s) => String(s.first_party_segment_id)),
      startDate: row.start_date ?? '',
      endDate: row.end_date,
      timeZone,
      // Simpli.fi's change log is not part of its documented campaign answer: only the sandbox keeps one.
      history: [],
    };
  }

  async function mustRead(id: string): Promise<AdCampaign> {
    const campaign = await read(id);
    if (!campaign) throw new AdPlatformError('not_found', `No such campaign: '${id}'`, 'campaignId');
    return campaign;
  }

  async function putKeywords(org: string, id: string, keywords: readonly string[]) {
    if (keywords.length === 0) {
      await http.call('DELETE', `/organizations/${org}/campaigns/${id}/keywords`);
      return;
    }
    await http.call('PUT', `/organizations/${org}/campaigns/${id}/keywords`, {
      form: {
        'keyword[csv]': { bytes: keywordsCsv(keywords), contentType: 'text/csv', fileName: 'keywords.csv' },
      },
    });
  }

  /** Runs the campaign action `verb` unless the campaign is there already; Simpli.fi's 422 means the move is not possible. */
  async function move(
    input: CampaignMove,
    verb: 'activate' | 'pause' | 'end',
    decide: (status: AdCampaignStatus) => boolean,
  ): Promise<AdCampaign> {
    checkIdempotencyKey(input.idempotencyKey);
    const id = checkCampaignId(input.campaignId);
    const current = await mustRead(id);
    if (decide(current.status)) {
      try {
        await http.call('POST', `/campaigns/${id}/${verb}`);
      } catch (err) {
        if (err instanceof AdPlatformError && err.code === 'invalid_request')
          throw new AdPlatformError('illegal_transition', err.message);
        throw err;
      }
    }
    return mustRead(id);
  }

  return {
    async createCampaign(input: CreateCampaignInput) {
      const checked = checkCampaign(input);
      refuseUnheld(checked.kind, checked.keywords, checked.contextualKeywords);
      const org = checked.organizationId;
      const orgAnswer = /^\d{1,18}$/.test(org)
        ? await http.call('GET', `/organizations/${org}`)
        : { status: 404 };
      if (orgAnswer.status === 404)
        throw new AdPlatformError('not_found', `No such organisation: '${org}'`, 'organizationId');
      const places = await geography.toSimplifi(checked.geography);
      const marker = markerOf(checked.reference, checked.timeZone, input.idempotencyKey);
      const existing = (
        await allPages<SimplifiCampaign>(
          http,
          `/organizations/${org}/campaigns?attributes_only=true&size=500`,
          'campaigns',
        )
      ).find((c) => c.custom_id === marker);
      const id = existing
        ? String(existing.id)
        : String(
            firstOf<SimplifiCampaign>(
              await http.call('POST', `/organizations/${org}/campaigns`, { json: {} }),
              'campaigns',
            ).id,
          );
      await http.call('PUT', `/organizations/${org}/campaigns/${id}`, {
        json: {
          campaign: {
            name: checked.name,
            custom_id: marker,
            campaign_type_id:
              checked.kind === 'search'
                ? TYPE_SEARCH
                : checked.contextualKeywords.length > 0
                  ? TYPE_CONTEXTUAL
                  : TYPE_GEO_OPTIMIZED,
            start_date: checked.startDate,
            end_date: checked.endDate,
            ...budgetToSimplifi(checked.budget),
            ...(checked.maxBid !== null ? { bid: microsAsDollars(checked.maxBid) } : {}),
            campaign_goal: goalToSimplifi(checked.goal),
            geo_target_ids: places.geoTargetIds,
            postal_codes: {
              values: places.postalCodes.map((postal_code) => ({ postal_code, country_code: 'USA' })),
            },
          },
        },
      });
      const keywords = checked.kind === 'search' ? checked.keywords : checked.contextualKeywords;
      if (keywords.length > 0) await putKeywords(org, id, keywords);
      return mustRead(id);
    },

    async updateCampaign(input: UpdateCampaignInput) {
      const id = checkCampaignId(input.campaignId);
      const current = await mustRead(id);
      const changes = checkCampaignUpdate(input, current.kind === 'search');
      if (current.status === 'ended')
        throw new AdPlatformError(
          'illegal_transition',
          'The campaign has ended; an ended campaign cannot be changed.',
        );
      refuseUnheld(current.kind, changes.keywords ?? [], changes.contextualKeywords ?? []);
      const endDate = changes.endDate === undefined ? current.endDate : changes.endDate;
      if (endDate !== null && endDate < current.startDate)
        throw new AdPlatformError(
          'invalid_request',
          'The end date cannot be before the start date.',
          'endDate',
        );
      const places = changes.geography ? await geography.toSimplifi(changes.geography) : null;
      const org = current.organizationId;
      // Every field is set to its new value: the same PUT sent twice leaves the same campaign.
      await http.call('PUT', `/organizations/${org}/campaigns/${id}`, {
        json: {
          campaign: {
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.endDate !== undefined ? { end_date: changes.endDate } : {}),
            ...(changes.budget !== undefined ? budgetToSimplifi(changes.budget) : {}),
            ...(changes.maxBid !== undefined
              ? { bid: changes.maxBid === null ? null : microsAsDollars(changes.maxBid) }
              : {}),
            ...(changes.goal !== undefined ? { campaign_goal: goalToSimplifi(changes.goal) } : {}),
            ...(places
              ? {
                  geo_target_ids: places.geoTargetIds,
                  postal_codes: {
                    values: places.postalCodes.map((postal_code) => ({ postal_code, country_code: 'USA' })),
                  },
                }
              : {}),
          },
        },
      });
      const keywords = current.kind === 'search' ? changes.keywords : changes.contextualKeywords;
      if (keywords !== undefined) await putKeywords(org, id, keywords);
      return mustRead(id);
    },

    activateCampaign: (input) =>
      move(input, 'activate', (status) => {
        if (status === 'ended')
          throw new AdPlatformError(
            'illegal_transition',
            'The campaign has ended; an ended campaign cannot be activated again.',
          );
        return status !== 'active';
      }),

    pauseCampaign: (input) =>
      move(input, 'pause', (status) => {
        if (status === 'draft')
          throw new AdPlatformError(
            'illegal_transition',
            'The campaign has not been activated; there is nothing to pause.',
          );
        if (status === 'ended')
          throw new AdPlatformError(
            'illegal_transition',
            'The campaign has ended; an ended campaign cannot be paused.',
          );
        return status !== 'paused';
      }),

    stopCampaign: (input) => move(input, 'end', (status) => status !== 'ended'),

    getCampaign: read,

    async attachAudiences(input: AttachAudiencesInput) {
      const { campaignId, audienceIds } = checkAttachAudiences(input);
      const current = await mustRead(campaignId);
      if (current.status === 'ended')
        throw new AdPlatformError(
          'illegal_transition',
          'The campaign has ended; an ended campaign cannot be changed.',
        );
      const links = await allPages<{ id: number | string; first_party_segment_id: number | string }>(
        http,
        `/campaigns/${campaignId}/campaign_first_party_segments`,
        'campaign_first_party_segments',
      );
      const add = audienceIds.filter((id) => !links.some((l) => String(l.first_party_segment_id) === id));
      const remove = links.filter((l) => !audienceIds.includes(String(l.first_party_segment_id)));
      // Computed from what the campaign has now, so a retry after a lost answer adds and removes nothing more.
      if (add.length > 0 || remove.length > 0)
        await http.call('PUT', `/campaigns/${campaignId}/campaign_first_party_segments/change`, {
          json: {
            campaign_first_party_segments: {
              add: add.map((id) => ({ first_party_segment_id: id, segment_target_type_id: 2 })),
              delete: remove.map((l) => l.id),
              segment_match_type: 'any',
            },
          },
        });
      return mustRead(campaignId);
    },
  };
}
