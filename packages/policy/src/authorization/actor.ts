import type { CompanyKind, RoleModule, UserType } from '@app/contracts';
import type { RolePermission } from '../context.js';

/**
 * The person a decision is about, as the server knows them from their session (never from a
 * request body). The API builds it once per request; the web builds the same shape from its
 * session user, so a button is shown by the very rule that lets the server accept the click.
 */
export interface Actor {
  userId: number;
  systemId: number;
  companyId: number;
  companyKind: CompanyKind;
  companyParentId: number | null;
  rootCompanyId: number;
  userType: UserType;
  isSystemUser: boolean;
  isAccExecutive: boolean;
  /** In view mode (or a session started by single sign-on): the real person acting as `userId`. */
  actorUserId: number | null;
  /**
   * The switches of the role the person holds, per role module. null when they hold no role: owners,
   * system users and clients, who hold every permission their place in the tree gives them.
   */
  permissions: Partial<Record<RoleModule, RolePermission>> | null;
}

/** Sales staff work for the root company but see only the agencies linked to them. */
export const isSales = (a: Actor) => a.userType === 'sales';

/** A sales person flagged account executive, who may manage the clients of agencies linked to them. */
export const isAccountExecutive = (a: Actor) => isSales(a) && a.isAccExecutive;

/** The owner of a white-label system: the system user (or a `root` user) of its root company. */
export const isSystemOwner = (a: Actor) =>
  a.companyKind === 'root' && !isSales(a) && (a.isSystemUser || a.userType === 'root');

/** Root-company staff who run the system: its owner and its administrators, never sales. */
export const isSystemStaff = (a: Actor) =>
  a.companyKind === 'root' &&
  !isSales(a) &&
  (a.isSystemUser || a.userType === 'root' || a.userType === 'admin');

/** An administrator of the root company who is not its owner. */
export const isRootAdministrator = (a: Actor) => isSystemStaff(a) && !isSystemOwner(a);

/** People who work for an agency: its owner and its administrators. */
export const isAgencyStaff = (a: Actor) =>
  a.companyKind === 'agency' && ['userdownline', 'user', 'administrator', 'admin'].includes(a.userType);

/** The owner of an agency (`userdownline`, and the legacy `user`). */
export const isAgencyOwner = (a: Actor) =>
  a.companyKind === 'agency' && (a.userType === 'userdownline' || a.userType === 'user');

/** The owner of the caller's company, who manages its staff (administrators manage clients only). */
export const isCompanyOwner = (a: Actor) => isSystemOwner(a) || isAgencyOwner(a);

export const isClient = (a: Actor) => a.companyKind === 'client' && a.userType === 'client';

/** Staff of a root company or an agency: the people who reach the configuration screens. */
export const isCompanyStaff = (a: Actor) => isSystemStaff(a) || isAgencyStaff(a);

/** A session in which someone acts as this person (view mode or single sign-on). */
export const isActingAsSomeoneElse = (a: Actor) => a.actorUserId !== null;
