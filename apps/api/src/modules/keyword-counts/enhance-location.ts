import type { EnhanceLocationResponse, enhanceLocationQuerySchema } from '@app/contracts';
import { US_STATES } from '@app/contracts';
import type { z } from 'zod';
import { badRequest } from '../../http-errors.js';
import type { DataVendor } from '../../providers/identities/index.js';
import { citiesOf, findState } from '../reference/index.js';

export const CHOOSE_STATE_FIRST = 'Choose a state first.';

/** Names that start with the search come first, then those that contain it; alphabetical within each. */
function matching<T>(items: readonly T[], text: (item: T) => string[], search: string, limit: number): T[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return items.slice(0, limit);
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const words = text(item).map((w) => w.toLowerCase());
    if (words.some((w) => w.startsWith(needle))) starts.push(item);
    else if (words.some((w) => w.includes(needle))) contains.push(item);
  }
  return [...starts, ...contains].slice(0, limit);
}

/**
 * `GET /general/enhance/location` (spec 2 §7): the places the keyword count form and the campaign
 * targeting pick from — states and their cities from the product's reference data
 * (country-state-city), zips from what the data vendor covers (a state's, or one city's).
 */
export function createEnhanceLocation(deps: { vendor: Pick<DataVendor, 'zipsOf'> }) {
  return async function enhanceLocation(
    q: z.output<typeof enhanceLocationQuerySchema>,
  ): Promise<EnhanceLocationResponse> {
    if (q.type === 'state') {
      const states = matching(US_STATES, (s) => [s.name, s.code], q.search, q.limit);
      return { result: 'success', data: states.map((s) => ({ value: s.code, label: s.name })) };
    }
    const comma = q.param.lastIndexOf(',');
    const state = findState(comma >= 0 ? q.param.slice(comma + 1).trim() : q.param);
    if (!state) throw badRequest(CHOOSE_STATE_FIRST, { param: CHOOSE_STATE_FIRST });
    if (q.type === 'city') {
      const cities = matching(citiesOf(state.code), (c) => [c], q.search, q.limit);
      return {
        result: 'success',
        data: cities.map((c) => ({ value: `${c}, ${state.code}`, label: `${c}, ${state.code}` })),
      };
    }
    const city = comma >= 0 ? q.param.slice(0, comma).trim() : undefined;
    const zips = (await deps.vendor.zipsOf({ state: state.code, ...(city ? { city } : {}) }))
      .filter((zip) => zip.startsWith(q.search.trim()))
      .slice(0, q.limit);
    return { result: 'success', data: zips.map((zip) => ({ value: zip, label: zip })) };
  };
}
