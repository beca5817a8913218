import { US_STATES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { suggest } from './reference-lookup.js';
import { citiesOf } from './us-cities.js';
import { findState } from './us-states.js';

describe('reference data', () => {
  it('has the 50 states and DC, each with every city of the country-state-city package', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    for (const state of US_STATES) {
      const cities = citiesOf(state.code);
      expect(cities.length, state.code).toBeGreaterThanOrEqual(state.code === 'DC' ? 1 : 10);
      expect(new Set(cities).size, state.code).toBe(cities.length);
      expect(
        cities.filter((c) => / County$| Parish$/.test(c)),
        state.code,
      ).toEqual([]);
    }
    // Small towns are there too, not only the principal cities the list once held.
    expect(citiesOf('IL')).toEqual(expect.arrayContaining(['Abingdon', 'Chicago', 'Naperville']));
    expect(citiesOf('IL').length).toBeGreaterThan(500);
    expect(citiesOf('DC')).toContain('Washington');
    expect(citiesOf('NY')).toContain('New York');
    expect(citiesOf('ZZ')).toEqual([]);
    expect(findState('il')?.name).toBe('Illinois');
    expect(findState('New York')?.code).toBe('NY');
    expect(findState('Atlantis')).toBeUndefined();
  });

  it('suggests prefix matches before word and inner matches, at most ten', () => {
    expect(suggest('city', 'spring').map((c) => c.label)).toEqual(
      expect.arrayContaining(['Springfield, IL', 'Springfield, MA', 'Springfield, MO', 'Springdale, AR']),
    );
    const york = suggest('city', 'york').map((c) => c.label);
    expect(york[0]).toBe('York, PA');
    expect(suggest('city', 'new york').map((c) => c.label)[0]).toBe('New York, NY');
    // Principal cities come before smaller places with the same prefix.
    expect(suggest('city', 'chic')[0]?.label).toBe('Chicago, IL');
    expect(suggest('state', 'new').map((s) => s.value)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(suggest('industry', 'estate')).toEqual([{ value: 'Real Estate', label: 'Real Estate' }]);
    expect(suggest('city', 'san').length).toBeLessThanOrEqual(10);
    expect(suggest('city', 'zzzq')).toEqual([]);
  });
});
