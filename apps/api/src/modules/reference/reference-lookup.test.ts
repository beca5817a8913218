import { describe, expect, it } from 'vitest';
import { suggest } from './reference-lookup.js';
import { citiesOf } from './us-cities.js';
import { findState, US_STATES } from './us-states.js';

describe('reference data', () => {
  it('has the 50 states and DC, each state with at least ten principal cities', () => {
    expect(US_STATES).toHaveLength(51);
    expect(new Set(US_STATES.map((s) => s.code)).size).toBe(51);
    for (const state of US_STATES) {
      const cities = citiesOf(state.code);
      expect(cities.length, state.code).toBeGreaterThanOrEqual(state.code === 'DC' ? 1 : 10);
      expect(new Set(cities).size, state.code).toBe(cities.length);
    }
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
    expect(york).toContain('New York, NY');
    expect(suggest('state', 'new').map((s) => s.value)).toEqual(['NH', 'NJ', 'NM', 'NY']);
    expect(suggest('industry', 'estate')).toEqual([{ value: 'Real Estate', label: 'Real Estate' }]);
    expect(suggest('city', 'san').length).toBeLessThanOrEqual(10);
    expect(suggest('city', 'zzzq')).toEqual([]);
  });
});
