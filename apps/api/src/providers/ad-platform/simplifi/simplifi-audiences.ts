import { type AdAudience, type AdPlatform, AdPlatformError, type DeleteInput } from '../ad-platform.js';
import { checkAudience, checkAudienceKeysInput } from '../requests-audiences.js';
import { checkDelete } from '../requests-organizations.js';
import { firstOf, type SimplifiHttp } from './simplifi-http.js';

/*
 * Audiences at Simpli.fi (decision 0112) are its first-party segments: read with `GET
 * /first_party_segments/{id}` (user_count, active), deleted with `DELETE` (refused by Simpli.fi
 * while an active campaign uses one), and attached to campaigns by the campaign calls. Simpli.fi's
 * documented API has no upload of e-mail lists (its segments are filled by its pixel rules), so
 * `createAudience` and `addAudienceKeys` are `unsupported` — checked first, so a bad list is still
 * told what is wrong with it.
 */

interface FirstPartySegment {
  id: number | string;
  name: string;
  user_count: number;
  active: boolean;
  organization_id: number | string;
}

const NO_UPLOAD =
  'Simpli.fi’s API has no upload of e-mail lists; build the audience in Simpli.fi and attach it by its id.';

type AudienceCalls = Pick<
  AdPlatform,
  'createAudience' | 'addAudienceKeys' | 'getAudience' | 'deleteAudience'
>;

export function simplifiAudiences(http: SimplifiHttp): AudienceCalls {
  return {
    async createAudience(input) {
      checkAudience(input);
      throw new AdPlatformError('unsupported', NO_UPLOAD);
    },

    async addAudienceKeys(input) {
      checkAudienceKeysInput(input);
      throw new AdPlatformError('unsupported', NO_UPLOAD);
    },

    async getAudience(id: string): Promise<AdAudience | null> {
      if (typeof id !== 'string' || !/^\d{1,18}$/.test(id)) return null;
      const answer = await http.call('GET', `/first_party_segments/${id}`);
      if (answer.status === 404) return null;
      const row = firstOf<FirstPartySegment>(answer, 'first_party_segments');
      return {
        id: String(row.id),
        organizationId: String(row.organization_id),
        name: row.name,
        size: row.user_count,
        // Simpli.fi marks a segment active once it has seen people for it.
        status: row.active ? 'ready' : 'processing',
      };
    },

    async deleteAudience(input: DeleteInput) {
      const id = checkDelete(input, 'audience');
      if (!/^\d{1,18}$/.test(id)) throw new AdPlatformError('not_found', `No such audience: '${id}'`, 'id');
      try {
        // 404 counts as done: a retry of a deletion whose answer was lost finds it gone.
        await http.call('DELETE', `/first_party_segments/${id}`);
      } catch (err) {
        // Simpli.fi's 422 here: "…audience is currently being used by campaigns, remove the audience from…".
        if (err instanceof AdPlatformError && err.code === 'invalid_request')
          throw new AdPlatformError('illegal_transition', err.message);
        throw err;
      }
    },
  };
}
