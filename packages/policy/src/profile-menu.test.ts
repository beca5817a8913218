import type { SessionUser, SetupCheck } from '@app/contracts';
import { betaSetup, makeCtx, makeSetup, makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { showsDeveloper } from './account-state.js';
import { profileMenu, showsCardSetting, showsDataWallet } from './menus.js';

const agency = USERS.userdownline();
const client = USERS.client();
const pending = makeSetup({ accountconnected: 'pending' });

const ORDER = [
  'profile',
  'card-setting',
  'billing-history',
  'data-wallet',
  'integrations',
  'developer',
  'exclusion-list',
  'change-password',
  'two-factor',
  'support',
  'logout',
];
const ALWAYS = ['profile', 'change-password', 'two-factor', 'logout'];
/** The always-present entries plus `extra`, in the menu's order. */
const menuWith = (...extra: string[]) => ORDER.filter((id) => ALWAYS.includes(id) || extra.includes(id));

describe('profileMenu (spec 1 §2.5, §6)', () => {
  const rows: [string, SessionUser | null, string[]][] = [
    [
      'userdownline: card, wallet, integrations, support',
      agency,
      menuWith('card-setting', 'billing-history', 'data-wallet', 'integrations', 'support'),
    ],
    [
      'user-type agency: no integrations (D-integrations)',
      USERS.agencyUser(),
      menuWith('card-setting', 'billing-history', 'data-wallet', 'support'),
    ],
    [
      'administrator: no Data Wallet',
      USERS.administrator(),
      menuWith('card-setting', 'billing-history', 'support'),
    ],
    ['admin', USERS.admin(), menuWith('card-setting', 'billing-history', 'support')],
    [
      'view-mode agency',
      USERS.viewModeAgency(),
      menuWith('card-setting', 'billing-history', 'data-wallet', 'integrations', 'support'),
    ],
    [
      'client: integrations and exclusion list',
      client,
      menuWith('card-setting', 'billing-history', 'integrations', 'exclusion-list'),
    ],
    [
      'view-mode client',
      USERS.viewModeClient(),
      menuWith('card-setting', 'billing-history', 'integrations', 'exclusion-list'),
    ],
    ['root without a card', USERS.root(), ALWAYS],
    ['system admin', USERS.systemAdmin(), ALWAYS],
    ['root with api mode: Developer', { ...USERS.root(), api_mode: 'T' }, menuWith('developer')],
    ['sales rep: billing history (commission)', USERS.salesRep(), menuWith('billing-history')],
    [
      'account executive with api mode: no Developer',
      { ...USERS.accountExecutive(), api_mode: 'T' },
      menuWith('billing-history'),
    ],
    ['signed out', null, []],
  ];
  it.each(rows.map(([rule, user, expected]) => ({ rule, user, expected })))('$rule', ({ user, expected }) => {
    expect(profileMenu(makeCtx(user)).map((item) => item.id)).toEqual(expected);
  });

  it('entries that navigate carry paths; modals and actions do not', () => {
    const menu = profileMenu(makeCtx(agency));
    expect(menu.find((item) => item.id === 'card-setting')?.path).toBe('/user/card-setting');
    expect(menu.find((item) => item.id === 'integrations')?.path).toBe('/integrations');
    expect(menu.find((item) => item.id === 'data-wallet')?.path).toBeUndefined();
    expect(menu.find((item) => item.id === 'logout')).toEqual({ id: 'logout', label: 'Log out' });
  });
});

describe('Card Setting rule (spec 1 §6, spec 2 §6)', () => {
  const rows: [string, SessionUser, boolean][] = [
    ['card and manual_bill F', makeUser(), true],
    ['no card, manual_bill F', makeUser({ customer_card_id: null }), false],
    ['manual_bill T for userdownline, no card', makeUser({ manual_bill: 'T', customer_card_id: null }), true],
    ['manual_bill T for the user type', makeUser({ user_type: 'user', manual_bill: 'T' }), false],
    ['manual_bill T for a client', makeUser({ user_type: 'client', manual_bill: 'T' }), false],
    ['client with a card', client, true],
  ];
  it.each(rows.map(([rule, user, expected]) => ({ rule, user, expected })))(
    '$rule → $expected',
    ({ user, expected }) => {
      expect(showsCardSetting(user)).toBe(expected);
    },
  );
});

describe('Data Wallet rule (spec 1 §6, spec 2 §6)', () => {
  const systemAgencyType = makeUser({ user_type: 'user', systemuser: true, rootcomp: true });
  const rows: [string, SessionUser, SetupCheck | null, boolean][] = [
    ['userdownline on master, released', agency, makeSetup(), true],
    ['not on a non-master system', { ...agency, is_master_system: false }, makeSetup(), false],
    ['beta not for all, not a tester', agency, betaSetup(false), false],
    ['beta applied to all (user type)', USERS.agencyUser(), betaSetup(true), true],
    ['beta tester', agency, betaSetup(false, { isBeta: true }), true],
    ['not for system users', systemAgencyType, makeSetup(), false],
    ['not for administrators', USERS.administrator(), makeSetup(), false],
    ['not for clients', client, makeSetup(), false],
    ['setup unknown', agency, null, false],
  ];
  it.each(rows.map(([rule, user, setup, expected]) => ({ rule, user, setup, expected })))(
    '$rule → $expected',
    ({ user, setup, expected }) => {
      expect(showsDataWallet(makeCtx(user, { setup }), user)).toBe(expected);
    },
  );
});

describe('Developer rule (spec 1 §6, spec 2 §6; D-developer)', () => {
  const api = { ...agency, api_mode: 'T' as const };
  const rows: [string, SessionUser, SetupCheck, boolean][] = [
    ['needs api mode', agency, makeSetup(), false],
    ['agency with card and connected account', api, makeSetup(), true],
    [
      'administrator with card and connected account',
      { ...USERS.administrator(), api_mode: 'T' },
      makeSetup(),
      true,
    ],
    ['agency without card', { ...api, customer_card_id: null }, makeSetup(), false],
    ['agency without connected account', api, pending, false],
    ['system user of the root company', { ...USERS.root(), api_mode: 'T' }, pending, true],
    [
      'system user outside the root company',
      { ...USERS.root(), api_mode: 'T', rootcomp: false },
      makeSetup(),
      false,
    ],
    ['not for clients', { ...client, api_mode: 'T' }, makeSetup(), false],
    ['not for sales', { ...USERS.salesRep(), api_mode: 'T' }, makeSetup(), false],
  ];
  it.each(rows.map(([rule, user, setup, expected]) => ({ rule, user, setup, expected })))(
    '$rule → $expected',
    ({ user, setup, expected }) => {
      expect(showsDeveloper(makeCtx(user, { setup }), user)).toBe(expected);
    },
  );
});
