import type { SessionUser } from '@app/contracts';
import { makeCtx, makeUser, USERS, type UserPreset } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import {
  effectivePermissions,
  hasReportAnalyticsAccess,
  isStoredUserValid,
  showsMinimumSpendAddendum,
} from './account-state.js';

describe('isStoredUserValid (spec 1 §4 stored user data; D-stored)', () => {
  const rows: [string, unknown, boolean][] = [
    ['agency with both flags present', makeUser(), true],
    ['system user with both flags', USERS.root(), true],
    ['view mode without flags', { isViewMode: true }, true],
    ['missing rootcomp', { systemuser: true, isViewMode: false }, false],
    ['flags of the wrong type', { systemuser: 'T', rootcomp: 'T' }, false],
    ['view mode flag false and no flags', { isViewMode: false }, false],
    ['null', null, false],
    ['a string', 'userData', false],
  ];
  it.each(rows.map(([rule, stored, expected]) => ({ rule, stored, expected })))(
    '$rule → $expected',
    (row) => {
      expect(isStoredUserValid(row.stored)).toBe(row.expected);
    },
  );
});

describe('Report Analytics (spec 1 §2.3, §6; spec 2 §2; D-report)', () => {
  const root = USERS.root();
  const overridden = {
    ...root,
    isViewMode: true,
    user_permissions: { report_analytics: true },
    user_permissions_view_mode: { report_analytics: 0 },
  };
  const rows: [string, SessionUser, boolean, boolean][] = [
    ['root with no permission set', root, false, true],
    ['root with an empty permission set', { ...root, user_permissions: {} }, false, true],
    ['root with report_analytics T', { ...root, user_permissions: { report_analytics: 'T' } }, false, true],
    ['root with report_analytics 1', { ...root, user_permissions: { report_analytics: 1 } }, false, true],
    [
      'root with a set lacking report_analytics',
      { ...root, user_permissions: { leadspeek: true } },
      false,
      false,
    ],
    [
      'root with report_analytics off',
      { ...root, user_permissions: { report_analytics: false } },
      false,
      false,
    ],
    ['system user outside the root company', { ...root, rootcomp: false }, false, false],
    ['sales of the root company: never (rule 6)', USERS.salesRep(), false, false],
    ['agency user', makeUser(), false, false],
    ['global view mode', makeUser(), true, true],
    ['the view-mode override set wins', overridden, false, false],
  ];
  it.each(rows.map(([rule, user, global, expected]) => ({ rule, user, global, expected })))(
    '$rule → $expected',
    ({ user, global, expected }) => {
      expect(hasReportAnalyticsAccess(makeCtx(user, { globalViewMode: global }))).toBe(expected);
    },
  );

  it('view-mode permissions apply only in view mode (spec 1 §4 view mode)', () => {
    const user = { ...root, user_permissions: { a: 1 }, user_permissions_view_mode: { b: 1 } };
    expect(effectivePermissions(user)).toEqual({ a: 1 });
    expect(effectivePermissions({ ...user, isViewMode: true })).toEqual({ b: 1 });
    expect(effectivePermissions({ ...user, isViewMode: true, user_permissions_view_mode: null })).toEqual({
      a: 1,
    });
  });

  it('signed out has no access', () => {
    expect(hasReportAnalyticsAccess(makeCtx(null))).toBe(false);
  });
});

describe('minimum spend addendum (spec 1 §6, spec 2 §6)', () => {
  const rows: [UserPreset, boolean, boolean][] = [
    ['userdownline', true, true],
    ['agencyUser', true, true],
    ['userdownline', false, false],
    ['administrator', true, false],
    ['client', true, false],
    ['root', true, false],
  ];
  it.each(rows.map(([preset, master, expected]) => ({ preset, master, expected })))(
    '$preset on master $master → $expected',
    ({ preset, master, expected }) => {
      expect(showsMinimumSpendAddendum({ ...USERS[preset](), is_master_system: master })).toBe(expected);
    },
  );
});
