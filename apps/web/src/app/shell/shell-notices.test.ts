import type { SessionUser, SetupCheck } from '@app/contracts';
import { makeSetup, makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { SHELL_TEXTS, type ShellWarningId, shellNotices } from './shell-notices';

type Row = [
  label: string,
  user: SessionUser | null,
  setup: SetupCheck | null,
  warnings: ShellWarningId[],
  banner: boolean,
];

const agency = (overrides: Partial<SessionUser> = {}) => makeUser(overrides);
const client = (overrides: Partial<SessionUser> = {}) => ({ ...USERS.client(), ...overrides });
const setup = makeSetup;

const TABLE: Row[] = [
  ['nobody signed in', null, null, [], false],
  ['a fully set-up agency', agency(), setup(), [], false],
  ['root / system user: nothing', USERS.root(), setup({ accountconnected: '' }), [], false],
  [
    'agency, no account connected',
    agency(),
    setup({ accountconnected: '' }),
    ['agency-account-missing'],
    false,
  ],
  [
    'agency, account failed without manual bill',
    agency(),
    setup({ accountconnected: 'failed' }),
    ['agency-account-missing'],
    false,
  ],
  [
    'agency, account failed with manual bill: connected',
    agency({ manual_bill: 'T' }),
    setup({ accountconnected: 'failed' }),
    [],
    false,
  ],
  [
    'agency, form not completed',
    agency(),
    setup({ accountconnected: 'pending' }),
    ['agency-account-pending'],
    false,
  ],
  [
    'agency, in verification',
    agency(),
    setup({ accountconnected: 'inverification' }),
    ['agency-account-verifying'],
    false,
  ],
  [
    'agency, completed without a package',
    agency(),
    setup({ package_id: '' }),
    ['agency-account-missing'],
    false,
  ],
  [
    'agency, other gateway, empty status: connected',
    agency(),
    setup({ accountconnected: '', paymentgateway: 'manual' }),
    [],
    false,
  ],
  [
    'agency administrator counts as agency',
    USERS.administrator(),
    setup({ accountconnected: '' }),
    ['agency-account-missing'],
    false,
  ],
  ['agency, charges disabled: Action Required', agency({ charges_enabled: false }), setup(), [], true],
  ['agency, payouts disabled: Action Required', agency({ payouts_enabled: false }), setup(), [], true],
  [
    'agency, disabled but not yet connected: only the warning',
    agency({ charges_enabled: false }),
    setup({ accountconnected: 'pending' }),
    ['agency-account-pending'],
    false,
  ],
  ['agency, setup check unknown: no account rules', agency({ charges_enabled: false }), null, [], false],
  [
    'agency, profile incomplete',
    agency({ profile_setup_completed: 'F' }),
    setup(),
    ['profile-incomplete'],
    false,
  ],
  [
    'agency, profile incomplete and no account',
    agency({ profile_setup_completed: 'F', customer_card_id: null }),
    setup({ accountconnected: '' }),
    ['profile-incomplete', 'agency-account-missing'],
    false,
  ],
  [
    'agency, card missing after profile setup',
    agency({ customer_card_id: null }),
    setup(),
    ['card-missing'],
    false,
  ],
  ['client, fully set up', client(), setup(), [], false],
  [
    'client, agency account not ready',
    client(),
    setup({ accountconnected: 'pending' }),
    ['client-agency-account'],
    false,
  ],
  ['client, charges disabled: no banner for clients', client({ charges_enabled: false }), setup(), [], false],
  [
    'client of a manual-bill agency needs no card',
    client({ manual_bill: 'T', customer_card_id: null }),
    setup(),
    [],
    false,
  ],
  ['client, card missing', client({ customer_card_id: null }), setup(), ['card-missing'], false],
  [
    'client, profile incomplete',
    client({ profile_setup_completed: 'F' }),
    setup(),
    ['profile-incomplete'],
    false,
  ],
  ['sales, own account connected', USERS.salesRep(), setup(), [], false],
  [
    'sales, own account not active',
    USERS.salesRep(),
    setup({ accountconnected: 'pending' }),
    ['sales-account'],
    false,
  ],
  [
    'view mode as an agency without account',
    USERS.viewModeAgency(),
    setup({ accountconnected: '' }),
    ['agency-account-missing'],
    false,
  ],
];

describe('shellNotices', () => {
  it.each(TABLE)('%s', (_label, user, setupCheck, warnings, banner) => {
    const notices = shellNotices(user, setupCheck);
    expect(notices.warnings.map((w) => w.id)).toEqual(warnings);
    expect(notices.actionRequired).toBe(banner);
  });

  it('uses the texts of the spec', () => {
    const texts = (user: SessionUser, s: SetupCheck) => shellNotices(user, s).warnings.map((w) => w.text);
    // Spec 1 §8's whole text, pointer included, now that the section exists (decision 0033).
    expect(texts(agency(), setup({ accountconnected: '' }))).toEqual([
      'You need to connect your Stripe account prior to adding any clients.(go to system setting->general setting->connect your account)',
    ]);
    expect(texts(agency(), setup({ accountconnected: 'inverification' }))).toEqual([
      'Your account is still being verified by Stripe...',
    ]);
    expect(texts(client(), setup({ accountconnected: '' }))).toEqual([
      'Your agency connected Stripe account is not yet fully set up...',
    ]);
    expect(texts(agency({ customer_card_id: null }), setup())).toEqual([
      'Complete your payment setup first to fully use the system. (Go to Profile -> Payment Setup)',
    ]);
    expect(texts(agency({ profile_setup_completed: 'F' }), setup())).toEqual([
      'Please complete your profile to fully use the system. (Go to Profile)',
    ]);
    expect(SHELL_TEXTS.actionRequiredTitle).toBe('Action Required');
  });

  it("points the agency's account warnings at General Setting's Payment Account tab", () => {
    const paths = (s: SetupCheck) => shellNotices(agency(), s).warnings.map((w) => [w.id, w.path]);
    const tab = '/configuration/general-setting?tab=payment-account';
    expect(paths(setup({ accountconnected: '' }))).toEqual([['agency-account-missing', tab]]);
    expect(paths(setup({ accountconnected: 'pending' }))).toEqual([['agency-account-pending', tab]]);
    expect(paths(setup({ accountconnected: 'inverification' }))).toEqual([['agency-account-verifying', tab]]);
    // A client's agency account is not the client's to fix.
    expect(shellNotices(client(), setup({ accountconnected: '' })).warnings[0]?.path).toBeNull();
  });
});
