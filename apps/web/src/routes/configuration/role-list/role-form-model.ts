import {
  ROLE_MODULES,
  ROLE_NAME_REQUIRED,
  ROLE_NAME_TOO_LONG,
  type RoleModule,
  type SaveRoleRequest,
} from '@app/contracts';

export const ROLE_ACTIONS = ['enable', 'create', 'update', 'delete'] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

export const ROLE_ACTION_LABELS: Record<RoleAction, string> = {
  enable: 'Enable',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
};

/** The role form's permission grid (spec 1 §3.6): Ads Design, Campaign, LeadsPeek, Settings × actions. */
export type PermissionGrid = Record<RoleModule, Record<RoleAction, boolean>>;

export interface RoleFormValues {
  roleName: string;
  roleIcon: string;
  grid: PermissionGrid;
}

const noActions = (): Record<RoleAction, boolean> => ({
  enable: false,
  create: false,
  update: false,
  delete: false,
});

export function emptyGrid(): PermissionGrid {
  return Object.fromEntries(ROLE_MODULES.map((module) => [module, noActions()])) as PermissionGrid;
}

/** A grid from the server's permission rows; modules it does not list grant nothing. */
export function gridFrom(
  rows: readonly ({ module: RoleModule } & Record<RoleAction, boolean>)[],
): PermissionGrid {
  const grid = emptyGrid();
  for (const row of rows) {
    grid[row.module] = { enable: row.enable, create: row.create, update: row.update, delete: row.delete };
  }
  return grid;
}

/**
 * One switch changed. Create, update and delete mean nothing in a module that is not enabled, so
 * granting one of them enables the module, and disabling the module withdraws them.
 */
export function toggleGrid(
  grid: PermissionGrid,
  module: RoleModule,
  action: RoleAction,
  on: boolean,
): PermissionGrid {
  const current = grid[module];
  let next: Record<RoleAction, boolean>;
  if (action === 'enable') next = on ? { ...current, enable: true } : noActions();
  else next = { ...current, [action]: on, enable: on ? true : current.enable };
  return { ...grid, [module]: next };
}

/** The same texts the server answers with (contracts' role schema). */
export function roleNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return ROLE_NAME_REQUIRED;
  if (trimmed.length > 255) return ROLE_NAME_TOO_LONG;
  return null;
}

/** The body of `PUT /configuration/role-module/addupdate`; a new role has no roleID. */
export function toSaveRoleRequest(
  companyID: number,
  roleID: number | null,
  values: RoleFormValues,
): SaveRoleRequest {
  return {
    companyID,
    ...(roleID ? { roleID } : {}),
    roleName: values.roleName.trim(),
    roleIcon: values.roleIcon.trim(),
    roledata: ROLE_MODULES.map((module) => ({ module, ...values.grid[module] })),
  };
}
