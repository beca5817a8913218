import type { RoleModule } from '@app/contracts';
import { makeUser, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import { type RolePermissionRow, rolePermissionsOf, sessionActor } from './role-permissions';

const row = (module: RoleModule, on: Partial<Omit<RolePermissionRow, 'module'>> = {}): RolePermissionRow => ({
  module,
  enable: false,
  create: false,
  update: false,
  delete: false,
  ...on,
});

/** The role-module answer of an administrator whose role opens the settings with some switches. */
const settingsRole = (on: Partial<Omit<RolePermissionRow, 'module'>>) => [
  row('campaign', { enable: true, create: true, update: true, delete: true }),
  row('settings', { enable: true, ...on }),
];

describe('rolePermissionsOf', () => {
  it('is null for people without a role, who hold every switch', () => {
    expect(rolePermissionsOf(USERS.userdownline(), undefined)).toBeNull();
    expect(rolePermissionsOf(USERS.root(), [row('settings')])).toBeNull();
  });

  it("turns the role's module rows into the policy's module → switches map", () => {
    const administrator = makeUser({ id: 12, user_type: 'administrator', role_id: 4 });
    expect(rolePermissionsOf(administrator, settingsRole({ update: true }))).toEqual({
      campaign: { enable: true, create: true, update: true, delete: true },
      settings: { enable: true, create: false, update: true, delete: false },
    });
  });

  it('grants a role holder nothing while the rows are unknown', () => {
    expect(rolePermissionsOf(makeUser({ role_id: 4 }), undefined)).toEqual({});
  });
});

describe('sessionActor (the `may` of useSessionPermissions)', () => {
  it('allows nothing when nobody is signed in', () => {
    const { actor, may } = sessionActor(null, undefined);
    expect(actor).toBeNull();
    expect(may('roles.read')).toBe(false);
    expect(may('users.create')).toBe(false);
  });

  it('builds the actor the server authorizes with from the session user', () => {
    const viewing = makeUser({ isViewMode: true, actor_user_id: 1, role_id: 4 });
    expect(sessionActor(viewing, settingsRole({ update: true })).actor).toEqual({
      userId: 10,
      systemId: 1,
      companyId: 100,
      companyKind: 'agency',
      companyParentId: 1,
      rootCompanyId: 1,
      userType: 'userdownline',
      isSystemUser: false,
      isAccExecutive: false,
      actorUserId: 1,
      permissions: {
        campaign: { enable: true, create: true, update: true, delete: true },
        settings: { enable: true, create: false, update: true, delete: false },
      },
    });
  });

  it('gives owners without a role the buttons their place reaches', () => {
    const { may } = sessionActor(USERS.userdownline(), undefined);
    for (const action of [
      'users.create',
      'users.update',
      'users.remove',
      'roles.create',
      'settings.update',
    ] as const)
      expect(may(action)).toBe(true);
    // The platform's prices and the agency row switches are the system's.
    expect(may('settings.platformPrices')).toBe(false);
    expect(may('agencies.billingSwitches')).toBe(false);

    const root = sessionActor(USERS.root(), undefined).may;
    expect(root('settings.platformPrices')).toBe(true);
    expect(root('agencies.billingSwitches')).toBe(true);
  });

  it("follows the role's Settings switches, one action at a time", () => {
    const administrator = makeUser({ id: 12, user_type: 'administrator', role_id: 4 });
    const { may } = sessionActor(administrator, settingsRole({ update: true }));
    expect(may('settings.update')).toBe(true);
    expect(may('users.update')).toBe(true);
    expect(may('roles.update')).toBe(true);
    expect(may('users.create')).toBe(false);
    expect(may('roles.create')).toBe(false);
    expect(may('users.remove')).toBe(false);
    expect(may('roles.delete')).toBe(false);

    const rootAdmin = makeUser({ ...USERS.systemAdmin(), systemuser: false, role_id: 5 });
    const readOnly = sessionActor(rootAdmin, settingsRole({})).may;
    expect(readOnly('agencies.billingSwitches')).toBe(false);
    expect(readOnly('settings.platformPrices')).toBe(false);
    expect(sessionActor(rootAdmin, settingsRole({ update: true })).may('agencies.billingSwitches')).toBe(
      true,
    );
  });

  it('offers a role holder no switch-guarded button until the role is known', () => {
    const { may } = sessionActor(makeUser({ id: 12, user_type: 'administrator', role_id: 4 }), undefined);
    expect(may('settings.update')).toBe(false);
    expect(may('users.create')).toBe(false);
    expect(may('roles.read')).toBe(true);
  });

  it('keeps sales staff and clients away from what only company staff do', () => {
    for (const user of [USERS.salesRep(), USERS.client()]) {
      const { may } = sessionActor(user, undefined);
      for (const action of ['roles.create', 'settings.update', 'agencies.billingSwitches'] as const)
        expect(may(action)).toBe(false);
    }
    expect(sessionActor(USERS.salesRep(), undefined).may('users.create')).toBe(false);
    // Account executives manage the clients of their agencies (the server checks which).
    expect(sessionActor(USERS.accountExecutive(), undefined).may('users.create')).toBe(true);
  });
});
