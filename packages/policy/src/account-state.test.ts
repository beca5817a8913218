import type { SessionUser, SetupCheck } from '@app/contracts';
import { makeSetup, makeUser, USERS, type UserPreset } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  agencyMayAddClients,
  hasCard,
  injectsParentEmbedCode,
  isAccountConnected,
  isAgencyUser,
  isPaymentFailed,
  isSalesAccountConnected,
  isSalesExecutiveWithAccount,
  isSystemUser,
  needsProfileSetup,
  requiresCard,
} from './account-state.js';

describe('isAccountConnected (spec 1 §4, spec 2 §4 payment-provider account status)', () => {
  type Row = [
    rule: string,
    status: SetupCheck['accountconnected'],
    pkg: string,
    gateway: string,
    bill: 'T' | 'F',
    expected: boolean,
  ];
  const rows: Row[] = [
    ['completed with a package', 'completed', 'p', 'stripe', 'F', true],
    ['completed without a package', 'completed', '', 'stripe', 'F', false],
    ['empty, other gateway, package', '', 'p', 'sandbox', 'F', true],
    ['empty, other gateway, no package', '', ' ', 'sandbox', 'F', false],
    ['pending, other gateway', 'pending', 'p', 'sandbox', 'F', false],
    ['failed, other gateway', 'failed', 'p', 'sandbox', 'T', false],
    ['card gateway, empty, manual bill T', '', 'p', 'stripe', 'T', true],
    ['card gateway (any case), failed, manual bill T', 'failed', 'p', 'Stripe', 'T', true],
    ['card gateway, empty, manual bill F', '', 'p', 'stripe', 'F', false],
    ['card gateway, failed, manual bill F', 'failed', 'p', 'stripe', 'F', false],
    ['card gateway, pending, manual bill T', 'pending', 'p', 'stripe', 'T', false],
    ['card gateway, inverification', 'inverification', 'p', 'stripe', 'F', false],
    ['card gateway, manual bill T, no package', '', '', 'stripe', 'T', false],
  ];
  const named = rows.map(([rule, status, pkg, gateway, bill, expected]) => ({
    rule,
    status,
    pkg,
    gateway,
    bill,
    expected,
  }));
  it.each(named)('$rule → $expected', ({ status, pkg, gateway, bill, expected }) => {
    const setup = makeSetup({ accountconnected: status, package_id: pkg, paymentgateway: gateway });
    expect(isAccountConnected(makeUser({ manual_bill: bill }), setup)).toBe(expected);
  });

  it('unknown setup is not connected', () => {
    expect(isAccountConnected(makeUser(), null)).toBe(false);
  });
});

describe('agencyMayAddClients (spec 1 §8: connect the account prior to adding any clients)', () => {
  const account = { package_id: 'pkg', paymentgateway: 'stripe', manual_bill: 'F' as const };
  it.each([
    ['connected (completed with a package)', { ...account, accountconnected: 'completed' as const }, true],
    ['never connected', { ...account, accountconnected: '' as const }, false],
    ['pending', { ...account, accountconnected: 'pending' as const }, false],
    ['in verification', { ...account, accountconnected: 'inverification' as const }, false],
    [
      'completed without a package',
      { ...account, package_id: '', accountconnected: 'completed' as const },
      false,
    ],
    [
      'manual bill on the card gateway',
      { ...account, manual_bill: 'T' as const, accountconnected: '' as const },
      true,
    ],
  ])('%s', (_label, state, expected) => {
    expect(agencyMayAddClients(state)).toBe(expected);
  });
  it('refuses when the account is unknown', () => {
    expect(agencyMayAddClients(null)).toBe(false);
  });
});

describe('user kinds (spec 1 §1, §6)', () => {
  type Row = [preset: UserPreset, system: boolean, agency: boolean, card: boolean, embed: boolean];
  const rows: Row[] = [
    ['root', true, false, false, false],
    ['systemAdmin', true, false, false, false],
    ['userdownline', false, true, true, true],
    ['agencyUser', false, true, true, true],
    ['administrator', false, true, true, true],
    ['admin', false, true, true, true],
    ['client', false, false, true, true],
    ['salesRep', true, false, false, false],
    ['accountExecutive', true, false, false, false],
    ['viewModeAgency', false, true, true, true],
    ['viewModeClient', false, false, true, true],
  ];
  const named = rows.map(([preset, system, agency, card, embed]) => ({
    preset,
    system,
    agency,
    card,
    embed,
  }));
  it.each(named)(
    '$preset: system $system, agency $agency, needs card $card, parent embed code (§6) $embed',
    (row) => {
      const user = USERS[row.preset]();
      expect(isSystemUser(user)).toBe(row.system);
      expect(isAgencyUser(user)).toBe(row.agency);
      expect(requiresCard(user)).toBe(row.card);
      expect(injectsParentEmbedCode(user)).toBe(row.embed);
    },
  );

  it('a root user type counts as system even without the flag', () => {
    expect(isSystemUser(makeUser({ user_type: 'root', systemuser: false }))).toBe(true);
  });

  it('D-card (spec 2 §4 manual bill): a client of a manual-bill agency needs no card; the agency does', () => {
    expect(requiresCard(makeUser({ user_type: 'client', manual_bill: 'T' }))).toBe(false);
    expect(requiresCard(makeUser({ user_type: 'userdownline', manual_bill: 'T' }))).toBe(true);
  });

  it('hasCard needs a non-blank card id', () => {
    expect(hasCard(makeUser({ customer_card_id: 'card_1' }))).toBe(true);
    expect(hasCard(makeUser({ customer_card_id: ' ' }))).toBe(false);
    expect(hasCard(makeUser({ customer_card_id: null }))).toBe(false);
  });
});

describe('needsProfileSetup (spec 1 §2.4 rule 3, §4 client account)', () => {
  const rows: [string, SessionUser, SetupCheck | null, boolean][] = [
    ['complete agency with card', makeUser(), makeSetup(), false],
    ['profile incomplete', makeUser({ profile_setup_completed: 'F' }), makeSetup(), true],
    ['agency without card', makeUser({ customer_card_id: null }), makeSetup(), true],
    ['system user without card', USERS.root(), makeSetup(), false],
    ['system user with incomplete profile', { ...USERS.root(), profile_setup_completed: 'F' }, null, true],
    ['sales without card', USERS.salesRep(), makeSetup(), false],
    ['client setup check incomplete', USERS.client(), makeSetup({ setupcomplete: 'F' }), true],
    ['client, setup unknown', USERS.client(), null, false],
    ['agency ignores the client setupcomplete', makeUser(), makeSetup({ setupcomplete: 'F' }), false],
    [
      'client of manual-bill agency, no card',
      { ...USERS.client(), manual_bill: 'T', customer_card_id: null },
      makeSetup(),
      false,
    ],
  ];
  it.each(rows.map(([rule, user, setup, expected]) => ({ rule, user, setup, expected })))(
    '$rule → $expected',
    ({ user, setup, expected }) => {
      expect(needsProfileSetup(user, setup)).toBe(expected);
    },
  );
});

describe('isPaymentFailed (spec 1 §2.4 rules 4 and 5, §3.4)', () => {
  const access = { accessmodule: 'paymentfailed' } as const;
  const status = { paymentStatusFailed: true };
  const rows: [string, UserPreset, Partial<SetupCheck>, boolean][] = [
    ['client with accessmodule paymentfailed', 'client', access, true],
    ['client ignores the agency failure status', 'client', status, false],
    ['agency with paymentStatusFailed', 'userdownline', status, true],
    ['agency administrator with accessmodule paymentfailed', 'administrator', access, true],
    ['agency in good standing', 'agencyUser', {}, false],
    ['system users are never payment-failed', 'root', access, false],
    ['sales are never payment-failed', 'salesRep', status, false],
  ];
  it.each(rows.map(([rule, preset, setup, expected]) => ({ rule, preset, setup, expected })))(
    '$rule → $expected',
    ({ preset, setup, expected }) => {
      expect(isPaymentFailed(USERS[preset](), makeSetup(setup))).toBe(expected);
    },
  );

  it('unknown setup is not payment-failed', () => {
    expect(isPaymentFailed(USERS.client(), null)).toBe(false);
  });
});

describe('sales account (spec 1 §6 sales; D-sales-connected)', () => {
  const rows: [string, SetupCheck | null, SessionUser['status_acc'], boolean][] = [
    ['setup completed, no package needed', makeSetup({ package_id: '' }), 'pending', true],
    [
      'setup pending wins over the stored status',
      makeSetup({ accountconnected: 'pending' }),
      'completed',
      false,
    ],
    ['no setup: stored status completed', null, 'completed', true],
    ['no setup: stored status empty', null, '', false],
  ];
  it.each(rows.map(([rule, setup, stored, expected]) => ({ rule, setup, stored, expected })))(
    '$rule → $expected',
    ({ setup, stored, expected }) => {
      expect(isSalesAccountConnected({ ...USERS.salesRep(), status_acc: stored }, setup)).toBe(expected);
    },
  );

  it('account executive rule needs isAccExecutive T and a connected account', () => {
    expect(isSalesExecutiveWithAccount(USERS.accountExecutive(), makeSetup())).toBe(true);
    expect(isSalesExecutiveWithAccount(USERS.salesRep(), makeSetup())).toBe(false);
    expect(
      isSalesExecutiveWithAccount(USERS.accountExecutive(), makeSetup({ accountconnected: 'pending' })),
    ).toBe(false);
    expect(isSalesExecutiveWithAccount({ ...USERS.userdownline(), isAccExecutive: 'T' }, makeSetup())).toBe(
      false,
    );
  });
});
