import { US_STATES, US_TERRITORIES } from '@app/contracts';
import { normalizePlace, normalizeState } from '@app/lead-engine';
import { type AdGeography, AdPlatformError } from '../ad-platform.js';
import { allPages, type SimplifiHttp } from './simplifi-http.js';

/*
 * Our geography in Simpli.fi's terms (decision 0112): places are geo targets (`GET /geo_targets`,
 * by name or under a parent: the United States, its states, their cities) set on a campaign as
 * `geo_target_ids`, and zips are `postal_codes` with the country code "USA". National is the United
 * States' geo target. The geo-target tree does not change between calls, so what was looked up is
 * kept for the adapter's life.
 */

interface GeoTarget {
  id: number | string;
  name: string;
  parent_id: number | string | null;
  active?: boolean;
}

const STATE_NAME = new Map([...US_STATES, ...US_TERRITORIES].map((s) => [s.code, s.name]));

export interface SimplifiGeography {
  /** The ids and postal codes that target `geography`; a place Simpli.fi does not know is refused. */
  toSimplifi(geography: AdGeography): Promise<{ geoTargetIds: string[]; postalCodes: string[] }>;
  /** What a campaign's geo targets and postal codes mean in our terms. */
  fromSimplifi(targets: readonly GeoTarget[], postalCodes: readonly string[]): Promise<AdGeography>;
}

export function simplifiGeography(http: SimplifiHttp): SimplifiGeography {
  let country: Promise<string> | null = null;
  let states: Promise<Map<string, string>> | null = null; // state code → geo target id
  const cities = new Map<string, string>(); // "TX|austin" → id

  const unitedStates = () => {
    country ??= (async () => {
      const found = await allPages<GeoTarget>(http, '/geo_targets?name=United+States', 'geo_targets');
      const us = found.find((g) => g.parent_id === null || g.parent_id === undefined);
      if (!us) throw new Error('Simpli.fi has no geo target named United States');
      return String(us.id);
    })().catch((err) => {
      country = null;
      throw err;
    });
    return country;
  };

  const stateIds = () => {
    states ??= (async () => {
      const us = await unitedStates();
      const rows = await allPages<GeoTarget>(http, `/geo_targets?parent_id=${us}`, 'geo_targets');
      const byCode = new Map<string, string>();
      for (const row of rows) {
        const code = normalizeState(row.name);
        if (code && row.active !== false) byCode.set(code, String(row.id));
      }
      return byCode;
    })().catch((err) => {
      states = null;
      throw err;
    });
    return states;
  };

  async function cityId(city: string, state: string): Promise<string> {
    const key = `${state}|${normalizePlace(city)}`;
    const known = cities.get(key);
    if (known) return known;
    const parent = (await stateIds()).get(state);
    const rows = await allPages<GeoTarget>(
      http,
      `/geo_targets?${new URLSearchParams({ name: city })}`,
      'geo_targets',
    );
    const match = rows.find(
      (row) =>
        String(row.parent_id) === parent &&
        normalizePlace(row.name) === normalizePlace(city) &&
        row.active !== false,
    );
    if (!match)
      throw new AdPlatformError(
        'invalid_request',
        `Simpli.fi has no place named ${city} in ${STATE_NAME.get(state) ?? state}.`,
        'geography.cities',
      );
    cities.set(key, String(match.id));
    return String(match.id);
  }

  return {
    async toSimplifi(geography) {
      if (geography.national) return { geoTargetIds: [await unitedStates()], postalCodes: [] };
      const byCode = await stateIds();
      const ids: string[] = [];
      for (const code of geography.states) {
        const id = byCode.get(code);
        if (!id)
          throw new AdPlatformError(
            'invalid_request',
            `Simpli.fi has no geo target for ${code}.`,
            'geography.states',
          );
        ids.push(id);
      }
      for (const { city, state } of geography.cities) ids.push(await cityId(city, state));
      return { geoTargetIds: ids, postalCodes: [...geography.zips] };
    },

    async fromSimplifi(targets, postalCodes) {
      const us = await unitedStates();
      const codeById = new Map([...(await stateIds())].map(([code, id]) => [id, code]));
      if (targets.some((t) => String(t.id) === us))
        return { national: true, states: [], cities: [], zips: [] };
      const states: string[] = [];
      const cityList: { city: string; state: string }[] = [];
      for (const target of targets) {
        const asState = codeById.get(String(target.id));
        if (asState) states.push(asState);
        else {
          const state = codeById.get(String(target.parent_id));
          if (state) cityList.push({ city: target.name, state });
        }
      }
      return { national: false, states, cities: cityList, zips: [...postalCodes] };
    },
  };
}
