import { describe, expect, it } from 'vitest';
import { type AccountRequirements, accountStatusOf } from './gateway.js';

const requirements = (r: Partial<AccountRequirements> = {}): AccountRequirements => ({
  currentlyDue: [],
  pastDue: [],
  pendingVerification: [],
  disabledReason: null,
  ...r,
});
const account = (
  flags: { detailsSubmitted: boolean; chargesEnabled: boolean },
  r?: Partial<AccountRequirements>,
) => ({
  ...flags,
  payoutsEnabled: flags.chargesEnabled,
  requirements: requirements(r),
});

describe('accountStatusOf: the spec status every adapter reads from the provider flags', () => {
  it.each([
    [
      'rejected',
      account({ detailsSubmitted: true, chargesEnabled: false }, { disabledReason: 'rejected.fraud' }),
      'failed',
    ],
    ['details not submitted', account({ detailsSubmitted: false, chargesEnabled: false }), 'pending'],
    ['charges on', account({ detailsSubmitted: true, chargesEnabled: true }), 'completed'],
    [
      'the provider still checking',
      account(
        { detailsSubmitted: true, chargesEnabled: false },
        { pendingVerification: ['company.tax_id'], disabledReason: 'requirements.pending_verification' },
      ),
      'inverification',
    ],
    [
      'under review',
      account({ detailsSubmitted: true, chargesEnabled: false }, { disabledReason: 'under_review' }),
      'inverification',
    ],
    [
      'restricted: information past due (Action Required)',
      account(
        { detailsSubmitted: true, chargesEnabled: false },
        { pastDue: ['company.tax_id'], disabledReason: 'requirements.past_due' },
      ),
      'completed',
    ],
  ] as const)('%s → %s', (_, flags, status) => {
    expect(accountStatusOf(flags)).toBe(status);
  });
});
