import type { SessionUser, SetupCheck } from '@app/contracts';
import { defaultModules, makeCtx, makeSetup, makeUser, USERS, type UserPreset } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { guardPath, landingPath } from './guards.js';

interface Row {
  rule: string;
  user: SessionUser | null;
  setup?: SetupCheck;
  expected: string;
}

const agency = USERS.userdownline();
const client = USERS.client();
const renamedLocal = defaultModules({ local: { url: 'leads' } });

describe('landingPath: rule 7 of spec 1 §2.4', () => {
  const rows: Row[] = [
    { rule: 'not signed in', user: null, expected: '/login' },
    {
      rule: 'incomplete profile',
      user: makeUser({ profile_setup_completed: 'F' }),
      expected: '/user/profile-setup',
    },
    {
      rule: 'incomplete profile before role (client)',
      user: { ...client, customer_card_id: null },
      expected: '/user/profile-setup',
    },
    {
      rule: 'incomplete profile before role (root)',
      user: { ...USERS.root(), profile_setup_completed: 'F' },
      expected: '/user/profile-setup',
    },
    { rule: 'client to their module dashboard (local first)', user: client, expected: '/siteid/dashboard' },
    {
      rule: 'client with a renamed local slug',
      user: { ...client, modules: renamedLocal },
      expected: '/leads/dashboard',
    },
    {
      rule: 'client with locator only',
      user: { ...client, leadspeek_type: 'locator' },
      expected: '/searchid/dashboard',
    },
    {
      rule: 'client with enhance only',
      user: { ...client, leadspeek_type: 'enhance' },
      expected: '/enhanceid/dashboard',
    },
    {
      rule: 'client with simplifi only',
      user: { ...client, leadspeek_type: 'simplifi' },
      expected: '/simplifiid/campaign-management',
    },
    {
      rule: 'client with simplifi only and creation disabled',
      user: { ...client, leadspeek_type: 'simplifi', disable_client_add_campaign: 'T' },
      expected: '/user/profile',
    },
    { rule: 'client without modules', user: { ...client, leadspeek_type: '' }, expected: '/user/profile' },
    { rule: 'view-mode client', user: USERS.viewModeClient(), expected: '/siteid/dashboard' },
    {
      rule: 'sales system user to sales-connect-account',
      user: USERS.salesRep(),
      expected: '/configuration/sales-connect-account',
    },
    {
      rule: 'account executive to sales-connect-account',
      user: USERS.accountExecutive(),
      expected: '/configuration/sales-connect-account',
    },
    { rule: 'system user to agency-list', user: USERS.root(), expected: '/configuration/agency-list' },
    {
      rule: 'system admin to agency-list',
      user: USERS.systemAdmin(),
      expected: '/configuration/agency-list',
    },
    {
      rule: 'agency with charges disabled to general-setting',
      user: { ...agency, charges_enabled: false },
      expected: '/configuration/general-setting',
    },
    {
      rule: 'agency with payouts disabled to general-setting',
      user: { ...USERS.agencyUser(), payouts_enabled: false },
      expected: '/configuration/general-setting',
    },
    {
      rule: 'agency administrator with charges disabled',
      user: { ...USERS.administrator(), charges_enabled: false },
      expected: '/configuration/general-setting',
    },
    {
      rule: 'anyone else to the local dashboard (userdownline)',
      user: agency,
      expected: '/siteid/dashboard',
    },
    {
      rule: 'anyone else to the local dashboard (user)',
      user: USERS.agencyUser(),
      expected: '/siteid/dashboard',
    },
    {
      rule: 'anyone else to the local dashboard (administrator)',
      user: USERS.administrator(),
      expected: '/siteid/dashboard',
    },
    {
      rule: 'anyone else to the local dashboard (admin)',
      user: USERS.admin(),
      expected: '/siteid/dashboard',
    },
    {
      rule: 'anyone else to the local dashboard (view mode)',
      user: USERS.viewModeAgency(),
      expected: '/siteid/dashboard',
    },
    {
      rule: 'local dashboard under its renamed slug',
      user: { ...agency, modules: renamedLocal },
      expected: '/leads/dashboard',
    },
    {
      rule: 'local switched off: first available module',
      user: { ...agency, modules: defaultModules({ local: { enabled: false } }) },
      expected: '/searchid/dashboard',
    },
    { rule: 'no module at all: profile', user: { ...agency, modules: [] }, expected: '/user/profile' },
  ];
  it.each(rows)('$rule → $expected', ({ user, setup, expected }) => {
    expect(landingPath(makeCtx(user, setup ? { setup } : {}))).toBe(expected);
  });
});

describe('rule 7 on visitor routes', () => {
  const presets = Object.keys(USERS) as UserPreset[];

  it.each(presets)('rule 7: %s on /login is sent to its landing path', (preset) => {
    const ctx = makeCtx(USERS[preset]());
    expect(guardPath(ctx, '/login')).toEqual({
      action: 'redirect',
      to: landingPath(ctx),
      rule: 'visitor-route',
    });
  });

  it.each(['/', '/register', '/agency-register/X', '/reset-password-invalid', '/set-new-password/t'])(
    'rule 7: a signed-in agency on %s is sent to its landing path',
    (path) => {
      expect(guardPath(makeCtx(agency), path)).toEqual({
        action: 'redirect',
        to: '/siteid/dashboard',
        rule: 'visitor-route',
      });
    },
  );

  // The landing page must open without a further redirect or 404, or users would bounce.
  const variants: [string, SessionUser, SetupCheck][] = [
    ...presets.map((preset): [string, SessionUser, SetupCheck] => [preset, USERS[preset](), makeSetup()]),
    ['incomplete agency', makeUser({ profile_setup_completed: 'F' }), makeSetup()],
    ['agency, charges disabled', { ...agency, charges_enabled: false }, makeSetup()],
    ['simplifi-only client', { ...client, leadspeek_type: 'simplifi' }, makeSetup()],
    [
      'simplifi-only client, creation disabled',
      { ...client, leadspeek_type: 'simplifi', disable_client_add_campaign: 'T' },
      makeSetup(),
    ],
    ['agency without modules', { ...agency, modules: [] }, makeSetup()],
    ['renamed agency', { ...agency, modules: renamedLocal }, makeSetup()],
    ['sales, account pending', USERS.salesRep(), makeSetup({ accountconnected: 'pending' })],
  ];
  it.each(variants)('rule 7: the landing path of %s opens', (_name, user, setup) => {
    const ctx = makeCtx(user, { setup });
    expect(guardPath(ctx, landingPath(ctx))).toEqual({ action: 'allow' });
  });
});
