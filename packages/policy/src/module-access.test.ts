import type { ModuleType, SessionUser, SetupCheck } from '@app/contracts';
import { betaSetup, defaultModules, makeSetup, makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  availableModules,
  betaAgreementPending,
  betaFeatureAvailable,
  clientModulePermissions,
  isModuleAvailable,
  isModuleBeta,
} from './module-access.js';

describe('beta features (spec 1 §3.7, §4 beta agreement; spec 2 §4 Data Wallet gating)', () => {
  const rows: [string, SetupCheck | null, boolean][] = [
    ['released feature is open to all', makeSetup(), true],
    ['beta applied to all agencies', betaSetup(true), true],
    ['beta, not applied to all, not a tester', betaSetup(false), false],
    ['beta, not applied to all, beta tester', betaSetup(false, { isBeta: true }), true],
    ['D-beta-unknown: feature not listed, not a tester', makeSetup({ betaFeature: [] }), false],
    ['D-beta-unknown: feature not listed, beta tester', makeSetup({ betaFeature: [], isBeta: true }), true],
    ['setup unknown', null, false],
  ];
  it.each(rows.map(([rule, setup, expected]) => ({ rule, setup, expected })))('$rule → $expected', (row) => {
    expect(betaFeatureAvailable(row.setup, 'b2b_module')).toBe(row.expected);
  });

  it('features are found by their fixed id when the slug differs', () => {
    const setup = makeSetup({
      betaFeature: [{ id: 2, name: 'B2B', slug: 'b2b', is_beta: true, apply_to_all_agency: false }],
    });
    expect(betaFeatureAvailable(setup, 'b2b_module')).toBe(false);
    expect(isModuleBeta(setup, 'b2b')).toBe(true);
  });

  const badges: [string, ModuleType, SetupCheck, boolean][] = [
    ['spec 1 §6 Beta badge on b2b when flagged', 'b2b', betaSetup(true), true],
    ['spec 1 §6 Beta badge on simplifi when flagged', 'simplifi', betaSetup(false), true],
    ['no badge once released', 'b2b', makeSetup(), false],
    ['never on non-beta modules', 'local', betaSetup(true), false],
  ];
  it.each(badges.map(([rule, module, setup, expected]) => ({ rule, module, setup, expected })))(
    '$rule',
    (row) => {
      expect(isModuleBeta(row.setup, row.module)).toBe(row.expected);
    },
  );
});

describe('clientModulePermissions (spec 1 §6, spec 2 §6)', () => {
  const rows: [string, string, boolean, boolean, ModuleType[]][] = [
    ["'local' sets local", 'local', true, false, ['local']],
    ['other values set locator', 'locator', false, true, ['locator']],
    ['enhance sets locator', 'enhance', false, true, ['enhance']],
    ['pipe list sets both', 'local|enhance', true, true, ['local', 'enhance']],
    ['spaces, case and repeats', ' B2B | local |local', true, true, ['local', 'b2b']],
    ['empty list', '', false, false, []],
    ['unknown values set locator but name no module', 'legacy', false, true, []],
  ];
  const named = rows.map(([rule, type, local, locator, modules]) => ({
    rule,
    type,
    local,
    locator,
    modules,
  }));
  it.each(named)('$rule: "$type"', ({ type, local, locator, modules }) => {
    const permissions = clientModulePermissions(makeUser({ user_type: 'client', leadspeek_type: type }));
    expect(permissions).toMatchObject({ local, locator, modules });
  });

  const all = { enable: true, create: true, update: true, delete: true };
  const rights: [string, boolean, 'T' | 'F', typeof all][] = [
    ['leadspeek module enables LeadsPeek with update and delete', true, 'F', all],
    ['D-client-create: creation disabled removes create', true, 'T', { ...all, create: false }],
    [
      'no leadspeek module, no menu',
      false,
      'F',
      { enable: false, create: false, update: false, delete: false },
    ],
  ];
  it.each(rights.map(([rule, menu, disabled, expected]) => ({ rule, menu, disabled, expected })))(
    '$rule',
    (row) => {
      const user = makeUser({
        user_type: 'client',
        menuLeadspeek: row.menu,
        disable_client_add_campaign: row.disabled,
      });
      expect(clientModulePermissions(user).leadspeek).toEqual(row.expected);
    },
  );
});

/** Beta features still beta, not for all, with per-feature fields of the setup check. */
function betaSetupWith(
  fields: Partial<Record<string, Partial<SetupCheck['betaFeature'][number]>>>,
  overrides: Partial<SetupCheck> = {},
): SetupCheck {
  const setup = betaSetup(false, overrides);
  return {
    ...setup,
    betaFeature: setup.betaFeature.map((feature) => ({ ...feature, ...fields[feature.slug] })),
  };
}

describe('isModuleAvailable', () => {
  const agency = USERS.userdownline();
  const client = USERS.client();
  const offMaster = { ...agency, is_master_system: false };
  const rows: [string, SessionUser, SetupCheck, ModuleType, boolean][] = [
    ['enabled module for an agency', agency, makeSetup(), 'local', true],
    [
      'module switched off',
      { ...agency, modules: defaultModules({ enhance: { enabled: false } }) },
      makeSetup(),
      'enhance',
      false,
    ],
    ['module missing from the list', { ...agency, modules: [] }, makeSetup(), 'local', false],
    ['spec 1 §6 simplifi only on the master system', offMaster, makeSetup(), 'simplifi', false],
    ['product §1 b2b only on the master system', offMaster, makeSetup(), 'b2b', false],
    ['non-master keeps local', offMaster, makeSetup(), 'local', true],
    ['spec 2 §6 beta module hidden from a non-beta agency', agency, betaSetup(false), 'b2b', false],
    ['spec 2 §6 beta module shown when applied to all', agency, betaSetup(true), 'simplifi', true],
    ['spec 2 §6 beta module shown to a beta tester', agency, betaSetup(false, { isBeta: true }), 'b2b', true],
    ['client has the module in leadspeek_type', client, makeSetup(), 'locator', true],
    ['client lacks the module in leadspeek_type', client, makeSetup(), 'enhance', false],
    [
      "decision 0063: a client is gated by its agency's beta standing",
      { ...client, leadspeek_type: 'b2b' },
      betaSetup(false),
      'b2b',
      false,
    ],
    [
      'decision 0063: the client of a beta-tester agency',
      { ...client, leadspeek_type: 'b2b' },
      betaSetup(false, { isBeta: true }),
      'b2b',
      true,
    ],
    [
      'decision 0063: the tester flag is per feature',
      agency,
      betaSetupWith(
        { b2b_module: { is_tester: true }, simplifi_module: { is_tester: false } },
        { isBeta: true },
      ),
      'simplifi',
      false,
    ],
    [
      'decision 0063: a tester of b2b opens b2b',
      agency,
      betaSetupWith(
        { b2b_module: { is_tester: true }, simplifi_module: { is_tester: false } },
        { isBeta: true },
      ),
      'b2b',
      true,
    ],
    [
      'client still needs the master system',
      { ...client, leadspeek_type: 'b2b', is_master_system: false },
      makeSetup(),
      'b2b',
      false,
    ],
  ];
  const named = rows.map(([rule, user, setup, module, expected]) => ({
    rule,
    user,
    setup,
    module,
    expected,
  }));
  it.each(named)('$rule → $expected', ({ user, setup, module, expected }) => {
    expect(isModuleAvailable(user, setup, module)).toBe(expected);
  });

  it('availableModules keeps the fixed module order', () => {
    expect(availableModules(agency, betaSetup(false))).toEqual(['local', 'locator', 'enhance']);
    expect(availableModules({ ...client, leadspeek_type: 'enhance|local' }, makeSetup())).toEqual([
      'local',
      'enhance',
    ]);
  });
});

describe('betaAgreementPending (spec 1 §4 Beta agreement, decision 0064)', () => {
  const agency = USERS.userdownline();
  const rows: [string, SetupCheck, ModuleType, boolean][] = [
    ['a non-beta module needs none', betaSetup(true), 'local', false],
    ['a beta module not accepted', betaSetup(true), 'b2b', true],
    [
      'a beta module accepted by the agency',
      betaSetupWith({ b2b_module: { apply_to_all_agency: true, agreement_status: 'T' } }),
      'b2b',
      false,
    ],
    ['a released module opens directly', makeSetup(), 'simplifi', false],
  ];
  it.each(rows.map(([rule, setup, module, expected]) => ({ rule, setup, module, expected })))(
    '$rule → $expected',
    ({ setup, module, expected }) => {
      expect(betaAgreementPending(agency, setup, module)).toBe(expected);
    },
  );
});
