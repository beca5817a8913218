import { checkLocationOf, checkRequirements, emailMd5, type LeadModule } from '@app/lead-engine';
import { describe, expect, it } from 'vitest';
import type { SiteTestCampaign } from './site-test-repository.js';
import { testLeadIdentity } from './test-lead-identity.js';

const campaign = (fields: Partial<SiteTestCampaign>): SiteTestCampaign => ({
  id: 1,
  publicId: '40010001',
  module: 'local',
  urlCode: '',
  gtmInstalled: false,
  reidentification: '30',
  national: false,
  zips: [],
  cities: [],
  states: [],
  localStateMode: 'include',
  keywords: [],
  embedStatus: 'unchecked',
  embedCheckedAt: null,
  embedCheckMessage: '',
  embedCheckUrl: '',
  ...fields,
});

describe('the test lead’s identity', () => {
  it('is clearly synthetic, with an example.com address unique to each attempt and its MD5', () => {
    const c = campaign({});
    const a = testLeadIdentity(c);
    const b = testLeadIdentity(c);
    expect(a).toMatchObject({ firstName: 'Test', lastName: 'Lead' });
    expect(a.emails[0]).toMatch(/^test-lead-40010001-[0-9a-f]{12}@example\.com$/);
    expect(a.emails[0]).not.toBe(b.emails[0]);
    expect(a.emailMd5).toBe(emailMd5(a.emails[0] ?? ''));
    // Carries what a campaign may require: e-mail, phone, address.
    expect(checkRequirements(a, { email: true, phone: true, address: true })).toEqual({ ok: true });
  });

  it.each<[string, Partial<SiteTestCampaign>]>([
    ['local, no states', { module: 'local' }],
    ['local, include CA', { module: 'local', states: ['CA'], localStateMode: 'include' }],
    ['local, include by name', { module: 'local', states: ['New York'], localStateMode: 'include' }],
    ['local, exclude TX and CA', { module: 'local', states: ['TX', 'CA'], localStateMode: 'exclude' }],
    ['locator, zips only', { module: 'locator', zips: ['10001'] }],
    ['locator, a city in a state', { module: 'locator', cities: ['Round Rock, TX'] }],
    ['enhance, a city of any state', { module: 'enhance', cities: ['Springfield'] }],
    ['b2b, states only', { module: 'b2b', states: ['WA'] }],
    ['b2b, national', { module: 'b2b', national: true }],
  ])('lives inside the targeting: %s', (_name, fields) => {
    const c = campaign(fields);
    const { address } = testLeadIdentity(c);
    expect(checkLocationOf(address, c, c.module as LeadModule)).toEqual({ ok: true });
  });
});
