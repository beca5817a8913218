import { type CompanyKind, ROOT_FEE_ACCOUNT_KINDS, type UserType } from '@app/contracts';
import {
  type Actor,
  isAccountExecutive,
  isAgencyStaff,
  isClient,
  isCompanyStaff,
  isSales,
  isSystemOwner,
  isSystemStaff,
} from './actor.js';

/** Whose billing history is asked for: a company (the root company stands for the system) or a person. */
export type BillingParty =
  | { type: 'company'; id: number; kind: CompanyKind; parentId: number | null }
  | { type: 'user'; id: number };

/**
 * Whose billing history the actor may read (decision 0035), for a party already in their scope: the
 * system's own accounts (its root company) by system staff; an agency's by its staff and the
 * system's; a client's by itself, its agency's staff and the system's; a person's (sales commission)
 * by that person and the system's staff. Sales staff see only their own, never their agencies'.
 */
export function mayReadBilling(actor: Actor, party: BillingParty): boolean {
  if (party.type === 'user') return party.id === actor.userId || isSystemStaff(actor);
  if (party.kind === 'root') return isSystemStaff(actor) && party.id === actor.rootCompanyId;
  if (isSystemStaff(actor)) return true;
  if (party.kind === 'agency') return isAgencyStaff(actor) && party.id === actor.companyId;
  return (
    (isAgencyStaff(actor) && party.parentId === actor.companyId) ||
    (isClient(actor) && party.id === actor.companyId)
  );
}

const rootFeeAccounts: ReadonlySet<string> = new Set(ROOT_FEE_ACCOUNT_KINDS);

/**
 * Which of a readable party's billing accounts the actor may read. A client's charges-and-payments
 * account holds the platform's part of what the client paid its agency (the ledger keeps only the
 * application fee of a direct charge, decision 0045): the agency's wholesale, which a white-label
 * agency's client must never read. The client reads its invoices and prepaid leads, not that account;
 * its agency's staff and the system's read it. The root-fee accounts between systems (decision 0088)
 * are read by the system's owners only, as the Root Fees screen (`billing.rootFees`), on its own root
 * company — not by its administrators.
 */
export function mayReadBillingAccount(actor: Actor, party: BillingParty, accountKind: string): boolean {
  if (rootFeeAccounts.has(accountKind))
    return (
      party.type === 'company' &&
      party.kind === 'root' &&
      party.id === actor.rootCompanyId &&
      isSystemOwner(actor)
    );
  const ownClientAccount = party.type === 'company' && party.kind === 'client' && isClient(actor);
  return !(ownClientAccount && accountKind === 'receivable');
}

/**
 * Whose sales commissions the actor may read (decision 0089), for a person already in their scope:
 * only a sales person's, of the actor's own system — their own (a sales person), or any of the
 * system's (its owners). Anyone else's answers as if they did not exist.
 */
export function mayReadCommissions(
  actor: Actor,
  person: { userId: number; systemId: number; userType: UserType },
): boolean {
  if (person.userType !== 'sales' || person.systemId !== actor.systemId) return false;
  return person.userId === actor.userId ? isSales(actor) : isSystemOwner(actor);
}

/** What a rule needs to know about another person. */
export interface TargetPerson {
  userId: number;
  systemId: number;
  userType: UserType;
  isSystemUser: boolean;
  companyKind: CompanyKind;
  /** The agency of a client, the root company of an agency. */
  companyParentId: number | null;
  disabled: boolean;
}

/**
 * Whom the actor may act as (view mode, and the sessions single sign-on issues). Only downwards:
 * a system's owner reaches everybody in the system; a root administrator reaches agencies, clients
 * and sales staff but never the root company's own people (its owner or other administrators); an
 * agency's staff reach their own clients. Nobody reaches themselves, their owner, their peers or
 * anybody above them, and sales staff and clients reach nobody (view mode would hand them every
 * power their own role withholds).
 */
export function mayActAs(actor: Actor, target: TargetPerson): boolean {
  if (target.userId === actor.userId || target.systemId !== actor.systemId || target.disabled) return false;
  if (isSystemStaff(actor))
    return actor.isSystemUser || target.companyKind !== 'root' || target.userType === 'sales';
  if (isAgencyStaff(actor))
    return target.companyKind === 'client' && target.companyParentId === actor.companyId;
  return false;
}

/**
 * The company whose groups organise the actor's lists, the one the sidebar's group selector reads
 * (spec 2 §6: "Clients use the parent company for the group list"): a client's agency, company staff
 * their own company. Sales staff have none: their agencies are several and the root company they work
 * for lies outside their scope. The server reads a client the groups of this company too (the
 * `groupList` scope check), read-only: writing groups stays with those who manage clients.
 */
export function groupListCompany(actor: Actor): number | null {
  if (isClient(actor)) return actor.companyParentId;
  if (isCompanyStaff(actor)) return actor.companyId;
  return null;
}

/** The lists of the network a company has: its agencies, its clients, its staff, its sales staff. */
export type NetworkList = 'agencies' | 'clients' | 'staff' | 'sales';

/**
 * Whether the actor may read one of a company's lists (the company already lies in their scope).
 * A system's agencies and sales staff are its root company's, read by system staff; an agency's
 * clients by anyone who manages them — its staff, the system's, and its account executive (spec 2 §6:
 * an account executive with a connected account has Client Management); a company's staff by its own
 * staff or the system's. `accountExecutiveId` is the agency's account executive, when it has one.
 */
export function mayReadList(
  actor: Actor,
  list: NetworkList,
  company: { id: number; isRoot: boolean; accountExecutiveId?: number | null },
): boolean {
  const ownRoot = company.isRoot && company.id === actor.rootCompanyId;
  switch (list) {
    case 'agencies':
    case 'sales':
      return isSystemStaff(actor) && ownRoot;
    case 'clients':
      return (
        isSystemStaff(actor) ||
        isAgencyStaff(actor) ||
        (isAccountExecutive(actor) && !company.isRoot && company.accountExecutiveId === actor.userId)
      );
    case 'staff':
      return company.isRoot
        ? isSystemStaff(actor) && ownRoot
        : isSystemStaff(actor) || (isAgencyStaff(actor) && actor.companyId === company.id);
  }
}

/** What the Report Analytics rule reads of a person: their place and their permission set. */
export interface ReportReader {
  userType: UserType;
  companyKind: CompanyKind;
  isSystemUser: boolean;
  /** The person's permission set (spec 1 §3.1 user_permissions); empty or null grants everything. */
  userPermissions: Record<string, unknown> | null;
}

const isGranted = (value: unknown) => value === true || value === 'T' || value === 1 || value === '1';

/** The system's owner (a non-sales system user or root user of the root company) whose set grants it. */
function readsReports(person: ReportReader): boolean {
  const owner =
    person.userType !== 'sales' &&
    person.companyKind === 'root' &&
    (person.isSystemUser || person.userType === 'root');
  if (!owner) return false;
  const permissions = person.userPermissions;
  if (!permissions || Object.keys(permissions).length === 0) return true;
  return isGranted(permissions.report_analytics);
}

/**
 * Report Analytics (spec 1 §2.3): the system's owner with the report permission (or no permission
 * set), and anyone they are acting as (global view mode: they see that person's scope). A system
 * owner without the permission is told so (403); anybody else is told it does not exist (404).
 */
export function reportAnalyticsAccess(
  person: ReportReader,
  realPerson: ReportReader | null,
): 200 | 403 | 404 {
  if (readsReports(person) || (realPerson !== null && readsReports(realPerson))) return 200;
  const owner =
    person.companyKind === 'root' &&
    person.userType !== 'sales' &&
    (person.isSystemUser || person.userType === 'root');
  return owner ? 403 : 404;
}

/** An exclusion list as the policy judges it: its scope and the tree it hangs in (decision 0092). */
export interface ExclusionListOwner {
  scope: 'opt_out' | 'agency' | 'client' | 'campaign';
  systemId: number;
  /** The agency above the list (its own for an agency list); null for the opt-out list. */
  agencyId: number | null;
  /** The client of a client or campaign list; null otherwise. */
  clientId: number | null;
}

/**
 * Whose exclusion list the actor may read and keep (issue 22): the system's staff their system's
 * opt-out list and any of its agencies' lists; an agency's staff their agency's list and their
 * clients' (and their clients' campaigns'); a client its own list and its campaigns'. Anyone else —
 * sales staff included — is told the list does not exist.
 */
export function mayManageExclusionList(actor: Actor, list: ExclusionListOwner): boolean {
  switch (list.scope) {
    case 'opt_out':
      return isSystemStaff(actor) && actor.systemId === list.systemId;
    case 'agency':
      return (
        (isSystemStaff(actor) && actor.systemId === list.systemId) ||
        (isAgencyStaff(actor) && actor.companyId === list.agencyId)
      );
    case 'client':
    case 'campaign':
      return (
        (isAgencyStaff(actor) && actor.companyId === list.agencyId) ||
        (isClient(actor) && actor.companyId === list.clientId)
      );
  }
}
