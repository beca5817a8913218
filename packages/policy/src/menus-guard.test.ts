import { makeCtx, makeSetup, USERS } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import type { PolicyContext } from './context.js';
import { guardPath } from './guards.js';
import { type MenuItem, sidebarMenu, systemSettingsMenu } from './menus.js';

const paths = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [...(item.path ? [item.path] : []), ...paths(item.children ?? [])]);

const contexts: [string, Partial<PolicyContext>][] = [
  ['baseline', {}],
  ['payment failed', { setup: makeSetup({ paymentStatusFailed: true, accessmodule: 'paymentfailed' }) }],
  ['account pending', { setup: makeSetup({ accountconnected: 'pending' }) }],
  [
    'settings off',
    { rolePermissions: { settings: { enable: false, create: false, update: false, delete: false } } },
  ],
];
const users = {
  ...USERS,
  // The demo's sales staff carry no system-user flag.
  demoSalesRep: () => ({ ...USERS.salesRep(), systemuser: false }),
  demoAccountExecutive: () => ({ ...USERS.accountExecutive(), systemuser: false }),
  noCard: () => ({ ...USERS.userdownline(), customer_card_id: null }),
};

/** The sidebar and the System Settings dropdown (the profile menu's own rules are not covered here). */
describe('a menu never offers what its guard refuses (issue 9)', () => {
  const rows = Object.entries(users).flatMap(([name, make]) =>
    contexts.map(([label, extra]) => ({ name, label, ctx: makeCtx(make(), extra) })),
  );
  it.each(rows)('$name, $label', ({ ctx }) => {
    const offered = [...paths(sidebarMenu(ctx)), ...paths(systemSettingsMenu(ctx))];
    for (const path of offered) expect([path, guardPath(ctx, path)]).toEqual([path, { action: 'allow' }]);
  });

  it('sales staff find their agency list in the menu and the guard opens it', () => {
    const ctx = makeCtx(users.demoSalesRep());
    expect(paths(sidebarMenu(ctx))).toContain('/configuration/agency-list');
    expect(guardPath(ctx, '/configuration/agency-list')).toEqual({ action: 'allow' });
  });
});
