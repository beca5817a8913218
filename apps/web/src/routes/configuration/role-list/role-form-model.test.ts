import { ROLE_NAME_REQUIRED, ROLE_NAME_TOO_LONG } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { emptyGrid, gridFrom, roleNameError, toggleGrid, toSaveRoleRequest } from './role-form-model';

describe('role permission grid', () => {
  it('starts with nothing granted in the four modules', () => {
    const grid = emptyGrid();
    expect(Object.keys(grid)).toEqual(['ads_design', 'campaign', 'leadspeek', 'settings']);
    expect(Object.values(grid).every((row) => Object.values(row).every((on) => !on))).toBe(true);
  });

  it('reads the server rows, leaving unlisted modules off', () => {
    const grid = gridFrom([{ module: 'settings', enable: true, create: false, update: true, delete: false }]);
    expect(grid.settings).toEqual({ enable: true, create: false, update: true, delete: false });
    expect(grid.campaign).toEqual({ enable: false, create: false, update: false, delete: false });
  });

  it('granting create, update or delete enables the module', () => {
    const grid = toggleGrid(emptyGrid(), 'leadspeek', 'delete', true);
    expect(grid.leadspeek).toEqual({ enable: true, create: false, update: false, delete: true });
  });

  it('disabling the module withdraws its other permissions', () => {
    let grid = toggleGrid(emptyGrid(), 'settings', 'update', true);
    grid = toggleGrid(grid, 'settings', 'create', true);
    grid = toggleGrid(grid, 'settings', 'enable', false);
    expect(grid.settings).toEqual({ enable: false, create: false, update: false, delete: false });
  });

  it('withdrawing one action keeps the module enabled and leaves other modules alone', () => {
    let grid = toggleGrid(emptyGrid(), 'campaign', 'update', true);
    grid = toggleGrid(grid, 'campaign', 'update', false);
    expect(grid.campaign).toEqual({ enable: true, create: false, update: false, delete: false });
    expect(grid.ads_design.enable).toBe(false);
  });

  it('does not change the grid it was given', () => {
    const before = emptyGrid();
    toggleGrid(before, 'settings', 'enable', true);
    expect(before.settings.enable).toBe(false);
  });
});

describe('role name', () => {
  it('is required and at most 255 characters, with the server texts', () => {
    expect(roleNameError('')).toBe(ROLE_NAME_REQUIRED);
    expect(roleNameError('   ')).toBe(ROLE_NAME_REQUIRED);
    expect(roleNameError('a'.repeat(256))).toBe(ROLE_NAME_TOO_LONG);
    expect(roleNameError('a'.repeat(255))).toBeNull();
    expect(roleNameError('Account manager')).toBeNull();
  });
});

describe('save request', () => {
  it('sends every module, trimmed texts, and no roleID for a new role', () => {
    const grid = toggleGrid(emptyGrid(), 'settings', 'create', true);
    const body = toSaveRoleRequest(7, null, { roleName: ' Manager ', roleIcon: ' shield ', grid });
    expect(body).toEqual({
      companyID: 7,
      roleName: 'Manager',
      roleIcon: 'shield',
      roledata: [
        { module: 'ads_design', enable: false, create: false, update: false, delete: false },
        { module: 'campaign', enable: false, create: false, update: false, delete: false },
        { module: 'leadspeek', enable: false, create: false, update: false, delete: false },
        { module: 'settings', enable: true, create: true, update: false, delete: false },
      ],
    });
    expect('roleID' in body).toBe(false);
  });

  it('names the role when editing', () => {
    expect(toSaveRoleRequest(7, 12, { roleName: 'x', roleIcon: '', grid: emptyGrid() }).roleID).toBe(12);
  });
});
