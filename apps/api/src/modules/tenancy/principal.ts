import type { CompanyKind, UserType } from '@app/contracts';

/** Who is calling, resolved once per request from the access token (never from the request body). */
export interface Principal {
  userId: number;
  systemId: number;
  companyId: number;
  companyKind: CompanyKind;
  companyParentId: number | null;
  rootCompanyId: number;
  userType: UserType;
  isSystemUser: boolean;
  isAccExecutive: boolean;
  /** The session (token family) the call belongs to. */
  familyId: string;
  /** In view mode: the real person acting as `userId`. */
  actorUserId: number | null;
}

/** Root-company staff other than sales see their whole system. */
export const hasSystemScope = (p: Principal) =>
  p.isSystemUser || (p.companyKind === 'root' && (p.userType === 'root' || p.userType === 'admin'));
