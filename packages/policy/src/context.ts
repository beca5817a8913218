import type { DomainInfo, RoleModule, SessionUser, SetupCheck } from '@app/contracts';

/** One role module's switches (spec 1 §3.6). */
export interface RolePermission {
  enable: boolean;
  create: boolean;
  update: boolean;
  delete: boolean;
}

/** Role module permissions as `GET /configuration/role-module/...` answers them for a user with a role. */
export type RolePermissions = Partial<Record<RoleModule, RolePermission>>;

/**
 * Everything the rules look at. The web app builds it from its session state; the API builds it from
 * the token's user and the setup check it computes. `null` means "not known (yet)": rules that need
 * the missing piece fail closed for access to features and open for payment-failure redirects (the
 * billing module enforces payment on its own).
 */
export interface PolicyContext {
  user: SessionUser | null;
  setup: SetupCheck | null;
  domain: DomainInfo | null;
  /**
   * Global view mode (spec 1 §2.3 report-analytics, §6): a root user browsing with unrestricted view
   * permissions. SessionUser does not carry it, so the caller supplies it. Plain view mode (acting as
   * another user) is `user.isViewMode`.
   */
  globalViewMode?: boolean;
  /** The local-storage register flag of spec 1 §2.1 (/register is reachable only when it is set). */
  registerFlag?: boolean;
  /**
   * Whether the location carries an SSO link's `token` (`/sso?token=…`). Only such a visit lets a
   * signed-in user stay on /sso (its answer may be 'replace_user'); without one, rule 7 applies.
   */
  ssoToken?: boolean;
  /**
   * Role module permissions (spec 1 §3.6) when the user has a role. Absent means no role restriction;
   * the legacy Ads Design and Campaign pages appear in menus only when a role grants them.
   */
  rolePermissions?: RolePermissions | null;
}
