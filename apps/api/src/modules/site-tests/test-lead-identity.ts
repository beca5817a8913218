import { randomBytes } from 'node:crypto';
import { type ModuleType, moduleEntry } from '@app/contracts';
import { emailMd5, normalizeState } from '@app/lead-engine';
import type { Identity, IdentityAddress } from '../../providers/identities/index.js';
import type { SiteTestCampaign } from './site-test-repository.js';

/*
 * The synthetic person a test lead carries (decision 0050): clearly fake (name "Test Lead", an
 * example.com address unique to the attempt, a 555-01xx phone), and placed inside the campaign's
 * targeting, so the test shows whether leads reach the report and the recipients rather than
 * stopping at the location lock. A new address each time also means re-identification never
 * refuses a second test.
 */

/** Where the test lead lives when the campaign's targeting does not say. */
const DEFAULT_PLACE = { city: 'Austin', state: 'TX', zip: '78701' };
/** States a local campaign that excludes some may still take, in order of preference. */
const FALLBACK_STATES = ['TX', 'CA', 'NY', 'FL', 'IL', 'WA', 'CO'];

export function testLeadIdentity(campaign: SiteTestCampaign): Identity {
  const tag = randomBytes(6).toString('hex');
  const email = `test-lead-${campaign.publicId}-${tag}@example.com`;
  return {
    id: `test-lead:${campaign.publicId}:${tag}`,
    source: 'sandbox',
    emailMd5: emailMd5(email),
    firstName: 'Test',
    lastName: 'Lead',
    emails: [email],
    phones: ['+1 555-010-0199'],
    address: testAddress(campaign),
    // Every module gets a workplace: b2b leads need one, and on others it is one more visible "test".
    company: {
      name: 'Test Company',
      title: 'Tester',
      industry: campaign.keywords[0] ?? 'Testing',
      size: '1-10',
    },
  };
}

/** An address the campaign's location lock accepts (its first zip, city or state; any for national). */
export function testAddress(campaign: SiteTestCampaign): IdentityAddress {
  let { city, state, zip } = DEFAULT_PLACE;
  const firstCity = campaign.cities[0];
  if (firstCity) {
    const comma = firstCity.lastIndexOf(',');
    city = (comma >= 0 ? firstCity.slice(0, comma) : firstCity).trim();
    state = (comma >= 0 && normalizeState(firstCity.slice(comma + 1))) || state;
  } else if (campaign.states[0]) {
    city = 'Test City';
    state = normalizeState(campaign.states[0]) ?? state;
  }
  if (campaign.zips[0]) zip = campaign.zips[0].trim();
  if (moduleEntry(campaign.module as ModuleType).leadSource === 'pixel' && campaign.states.length > 0) {
    // Local campaigns lock by state only: the first included state, or one that is not excluded.
    const listed = campaign.states.map((s) => normalizeState(s)).filter((s): s is string => s !== null);
    const pick =
      campaign.localStateMode === 'include' ? listed[0] : FALLBACK_STATES.find((s) => !listed.includes(s));
    if (pick && pick !== state) {
      state = pick;
      city = 'Test City';
    }
  }
  return { street: '100 Test Street', city, state, zip };
}
