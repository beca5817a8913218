import { createHash } from 'node:crypto';
import {
  type AdCreative,
  type AdCreativeStatus,
  type AdMove,
  type AdPlatform,
  AdPlatformError,
  type CreateAdInput,
} from '../ad-platform.js';
import { checkCampaignId } from '../requests.js';
import { checkAd, checkAdMove } from '../requests-ads.js';
import { allPages, firstOf, type SimplifiHttp } from './simplifi-http.js';

/*
 * Ads at Simpli.fi (decision 0112): `POST /organizations/{org}/campaigns/{campaign}/ads` as
 * multipart (`ad[name]`, `ad[target_url]`, `ad[ad_file_type_id]` 1 image / 9 HTML5 zip,
 * `ad[ad_size_id]` from `GET /ad_sizes`, `ad[primary_creative]` the file); read with `GET
 * /ads/{id}`; paused and resumed by the actions each ad lists (hypermedia: `pause`, and for a
 * paused ad the action that runs it again); deleted with `DELETE`. The uploaded file is named by its
 * content's SHA-256, and Simpli.fi echoes that name as `primary_creative`: a retried create finds
 * the ad it made instead of making another.
 */

interface SimplifiAd {
  id: number | string;
  name: string;
  status: string;
  target_url: string;
  primary_creative: string | null;
  resource?: string;
  actions?: Record<string, { href: string; method: string }>[];
  resources?: Record<string, string>[];
}

const FILE_TYPE = { image: '1', html5: '9' } as const;
const EXTENSION: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'application/zip': 'zip',
};
const RESUME_ACTIONS = ['activate', 'resume', 'unpause', 'play'];

const resourceId = (ad: SimplifiAd, name: string) =>
  ad.resources
    ?.map((r) => r[name])
    .find((href) => typeof href === 'string')
    ?.match(/\/(\d+)$/)?.[1] ?? null;

const actionOf = (ad: SimplifiAd, names: readonly string[]) =>
  ad.actions?.flatMap((a) => Object.entries(a)).find(([name]) => names.includes(name))?.[1] ?? null;

/** The path of an absolute Simpli.fi address under the API base (…/api/organizations/… → /organizations/…). */
const pathOf = (href: string) => {
  const url = new URL(href, 'https://app.simpli.fi');
  return `${url.pathname.replace(/^.*?\/api(?=\/)/, '')}${url.search}`;
};

type AdCalls = Pick<AdPlatform, 'createAd' | 'pauseAd' | 'resumeAd' | 'deleteAd' | 'listAds'>;

export function simplifiAds(http: SimplifiHttp): AdCalls {
  let sizes: Promise<Map<string, { width: number; height: number }>> | null = null;
  const adSizes = () => {
    sizes ??= allPages<{ id: number; width: number; height: number }>(http, '/ad_sizes', 'ad_sizes')
      .then((rows) => new Map(rows.map((r) => [String(r.id), { width: r.width, height: r.height }])))
      .catch((err) => {
        sizes = null;
        throw err;
      });
    return sizes;
  };

  async function creativeOf(ad: SimplifiAd, campaignId: string): Promise<AdCreative> {
    const size = (await adSizes()).get(resourceId(ad, 'ad_sizes') ?? '') ?? { width: 0, height: 0 };
    const status = ad.status.toLowerCase();
    return {
      id: String(ad.id),
      campaignId,
      name: ad.name,
      kind: resourceId(ad, 'ad_file_types') === FILE_TYPE.html5 ? 'html5' : 'image',
      width: size.width,
      height: size.height,
      clickUrl: ad.target_url,
      status: (status === 'paused' || status === 'deleted' ? status : 'active') as AdCreativeStatus,
    };
  }

  /** The ad with the organisation and campaign its address names (…/organizations/8/campaigns/646/ads/963). */
  async function readAd(id: string) {
    if (!/^\d{1,18}$/.test(id)) return null;
    const answer = await http.call('GET', `/ads/${id}`);
    if (answer.status === 404) return null;
    const ad = firstOf<SimplifiAd>(answer, 'ads');
    const [, org = '', campaign = ''] =
      /\/organizations\/(\d+)\/campaigns\/(\d+)\/ads\//.exec(ad.resource ?? '') ?? [];
    return { ad, org, campaign };
  }

  async function mustReadAd(id: string) {
    const found = await readAd(id);
    if (!found) throw new AdPlatformError('not_found', `No such ad: '${id}'`, 'id');
    return found;
  }

  async function campaignOrg(campaignId: string): Promise<string | null> {
    if (!/^\d{1,18}$/.test(campaignId)) return null;
    const answer = await http.call('GET', `/campaigns/${campaignId}?attributes_only=true`);
    if (answer.status === 404) return null;
    const row = firstOf<{ resource?: string; organization_id?: number | string }>(answer, 'campaigns');
    return row.organization_id !== undefined
      ? String(row.organization_id)
      : (/\/organizations\/(\d+)\/campaigns\//.exec(row.resource ?? '')?.[1] ?? null);
  }

  async function runAction(input: AdMove, names: readonly string[], already: string, refusal: string) {
    const id = checkAdMove(input);
    const { ad, campaign } = await mustReadAd(id);
    const status = ad.status.toLowerCase();
    if (status === 'deleted') throw new AdPlatformError('illegal_transition', refusal);
    if (status !== already) {
      const action = actionOf(ad, names);
      if (!action)
        throw new AdPlatformError('illegal_transition', `Simpli.fi offers no ${names[0]} for this ad now.`);
      await http.call('POST', pathOf(action.href));
    }
    return creativeOf((await mustReadAd(id)).ad, campaign);
  }

  return {
    async createAd(input: CreateAdInput) {
      const checked = checkAd(input);
      const org = await campaignOrg(checked.campaignId);
      if (org === null)
        throw new AdPlatformError('not_found', `No such campaign: '${checked.campaignId}'`, 'campaignId');
      if (org !== checked.organizationId)
        throw new AdPlatformError(
          'invalid_request',
          'The campaign belongs to another organisation.',
          'organizationId',
        );
      const sizeId = [...(await adSizes())].find(
        ([, s]) => s.width === checked.width && s.height === checked.height,
      )?.[0];
      if (!sizeId)
        throw new AdPlatformError(
          'invalid_request',
          `Simpli.fi has no ad size ${checked.width}x${checked.height}.`,
          'width',
        );
      const fileName = `${createHash('sha256').update(checked.bytes).digest('hex').slice(0, 32)}.${EXTENSION[checked.contentType]}`;
      const path = `/organizations/${org}/campaigns/${checked.campaignId}/ads`;
      const existing = (await allPages<SimplifiAd>(http, path, 'ads')).find(
        (ad) => ad.primary_creative === fileName && ad.name === checked.name,
      );
      if (existing) return creativeOf(existing, checked.campaignId);
      const made = await http.call('POST', path, {
        form: {
          'ad[name]': checked.name,
          'ad[target_url]': checked.clickUrl,
          'ad[ad_file_type_id]': FILE_TYPE[checked.kind],
          'ad[ad_size_id]': sizeId,
          'ad[primary_creative]': { bytes: checked.bytes, contentType: checked.contentType, fileName },
        },
      });
      return creativeOf(firstOf<SimplifiAd>(made, 'ads'), checked.campaignId);
    },

    pauseAd: (input) =>
      runAction(input, ['pause'], 'paused', 'The ad has been deleted; a deleted ad cannot be paused.'),

    resumeAd: (input) =>
      runAction(input, RESUME_ACTIONS, 'active', 'The ad has been deleted; a deleted ad cannot run again.'),

    async deleteAd(input: AdMove) {
      const id = checkAdMove(input);
      const { ad, org, campaign } = await mustReadAd(id);
      if (ad.status.toLowerCase() !== 'deleted')
        await http.call('DELETE', `/organizations/${org}/campaigns/${campaign}/ads/${id}`);
      return { ...(await creativeOf(ad, campaign)), status: 'deleted' };
    },

    async listAds(campaignId: string) {
      checkCampaignId(campaignId);
      const org = await campaignOrg(campaignId);
      if (org === null)
        throw new AdPlatformError('not_found', `No such campaign: '${campaignId}'`, 'campaignId');
      const ads = await allPages<SimplifiAd>(
        http,
        `/organizations/${org}/campaigns/${campaignId}/ads`,
        'ads',
      );
      return Promise.all(
        ads.filter((ad) => ad.status.toLowerCase() !== 'deleted').map((ad) => creativeOf(ad, campaignId)),
      );
    },
  };
}
