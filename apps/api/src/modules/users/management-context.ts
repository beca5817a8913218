import type { AuditAction } from '@app/contracts';
import { EMAIL_TAKEN, EMAIL_UNAVAILABLE, type ManagedNode } from '@app/contracts';
import { isAccountExecutive, isAgencyStaff, isCompanyOwner, isSystemStaff } from '@app/policy';
import { badRequest, forbidden, HttpError, notFound } from '../../http-errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditLog } from '../audit/index.js';
import type { WebOrigins } from '../domains/index.js';
import type { EmailChangeService } from '../identity/index.js';
import type { CompanyHosts } from '../settings/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { Invitations } from './invitations.js';
import { expectedCompanyId, nodeKindOf } from './node-rules.js';
import { uniqueViolation } from './unique-violation.js';
import type { UserListQuery, UserListRepository } from './user-list-repository.js';
import type { CompanyRow, UserManagementRepository, UserRow } from './user-management-repository.js';
import { offeredBy, toNode } from './user-nodes.js';

export interface CallContext {
  principal: Principal;
  /** The IP the server saw. */
  ip: string;
  /** The host the caller is on: kept in links only when it is one of the recipient's own hosts. */
  host: string;
}

/**
 * The settings module's agency host rules: subdomains and custom domains are checked and changed
 * there only (certificate job, host cache), whether from general settings or from here.
 */
export type AgencyHosts = Pick<
  CompanyHosts,
  | 'newAgencyHosts'
  | 'agencyCreated'
  | 'checkSubdomain'
  | 'checkCustomDomain'
  | 'changeSubdomain'
  | 'changeCustomDomain'
  | 'hostsReleased'
>;

export interface UserManagementDependencies {
  repo: UserManagementRepository;
  lists: UserListRepository;
  audit: AuditLog;
  invitations: Invitations;
  hosts: AgencyHosts;
  /** Links in invitations point at the invitee's own host (decision 0019). */
  origins: Pick<WebOrigins, 'ofCompany'>;
  /** Whether the caller may see a person: only then does a taken address say so (decision 0019). */
  inScope(principal: Principal, resource: 'user', id: number): Promise<boolean>;
  limiter: Pick<RateLimiter, 'hit'>;
  /**
   * A new address of a person who already signed in takes effect only once its owner opens the link
   * sent to it, and the old address is told (decision 0018): an address typed by staff is no quicker
   * a way into someone's account than one typed by an impostor on the profile.
   */
  emailChanges: Pick<EmailChangeService, 'request'>;
  /** The module rule (decision 0063): an agency gives its clients only modules it may open itself. */
  moduleAccess: Pick<ModuleAccess, 'openModules'>;
  /**
   * Developer mode switched off for an agency (spec 2 §5 "disabling resets the feature"): its Open
   * API keys stop and its developer agreement must be accepted again (decision 0100).
   */
  developerModeOff?: (companyId: number) => Promise<void>;
}

/** Addresses held outside the caller's scope that one person may try per hour (probing is slow). */
const UNAVAILABLE_EMAILS_PER_HOUR = 10;

/**
 * What every management action shares: who may manage whom (decision 0014 §4), the reads and
 * checks a write needs, and its side effects (user log, invitation, the node read back).
 */
export function createManagementContext(deps: UserManagementDependencies) {
  const { repo } = deps;

  /** May the caller add or manage the clients of this agency? */
  async function managesClientsOf(p: Principal, agencyId: number) {
    if (isSystemStaff(p)) return true;
    if (isAgencyStaff(p)) return p.companyId === agencyId;
    // Account executives manage the clients of the agencies they are linked to as executive.
    return isAccountExecutive(p) && repo.salesLinked(agencyId, p.userId, 'account_executive');
  }

  /** May the caller manage this staff member (administrator, root admin, sales person)? */
  const managesStaff = (p: Principal, user: UserRow, company: CompanyRow) =>
    user.userType === 'sales'
      ? isSystemStaff(p) && isCompanyOwner(p)
      : isCompanyOwner(p) && p.companyId === company.id;

  /** An agency's clients and staff see the agency's name, not the system's. */
  async function platformNameOf(company: CompanyRow) {
    if (company.kind === 'agency') return company.name;
    if (company.kind === 'client' && company.parentId) return (await repo.company(company.parentId))?.name;
    return undefined;
  }

  return {
    repo,
    hosts: deps.hosts,
    emailChanges: deps.emailChanges,
    developerModeOff: deps.developerModeOff,
    managesClientsOf,

    /** Resolves a target person and checks the caller may change it; the company id must match the node. */
    async manageable(ctx: CallContext, userId: number, companyId: number, what: 'edit' | 'remove') {
      const p = ctx.principal;
      const target = await repo.userWithCompany(userId);
      if (!target || target.user.systemId !== p.systemId) throw notFound();
      const kind = nodeKindOf(target.user, target.company);
      if (expectedCompanyId(kind, target.company) !== companyId) throw notFound();
      if (target.user.id === p.userId || target.user.id === p.actorUserId)
        throw forbidden(
          what === 'remove'
            ? 'You cannot remove your own account.'
            : 'Use your profile to change your own details.',
        );
      if (target.company.kind === 'root' && target.user.isSystemUser)
        throw forbidden('The root company cannot be removed or changed here.');
      const allowed =
        kind === 'agency'
          ? isSystemStaff(p)
          : kind === 'client'
            ? target.company.parentId !== null && (await managesClientsOf(p, target.company.parentId))
            : managesStaff(p, target.user, target.company);
      if (!allowed) throw forbidden(`You cannot ${what} this ${kind === 'staff' ? 'user' : kind}.`);
      return { ...target, kind };
    },

    /** Row switches (the route's action admits system staff only): an agency of their system. */
    async agencyForSwitch(ctx: CallContext, companyId: number) {
      const p = ctx.principal;
      const agency = await repo.company(companyId);
      if (!agency || agency.systemId !== p.systemId || agency.deletedAt) throw notFound();
      if (agency.kind !== 'agency')
        throw badRequest('This setting applies to agencies only.', { companyID: 'not an agency' });
      return agency;
    },

    /** The terms and modules a company offers the agencies or clients below it. */
    async offerOf(parent: CompanyRow, isMaster: boolean) {
      const [parentTerms, parentModules] = await Promise.all([
        repo.termsOf(parent.id),
        repo.modulesOf(parent.id),
      ]);
      const offer = offeredBy(
        parent.kind,
        parentTerms.map((t) => ({ term: t.term, enabled: t.enabled })),
        parentModules.map((m) => ({ module: m.module, enabled: m.enabled })),
        isMaster,
      );
      if (parent.kind !== 'agency') return offer;
      // A client gets no module its agency may not open (a beta it does not test): it would see
      // nothing and be billed for nothing there (decision 0063).
      const open = await deps.moduleAccess.openModules(parent.id);
      return { ...offer, modules: offer.modules.filter((module) => open.includes(module)) };
    },

    /**
     * An address is unique per system. Someone the caller may see holds it: "already registered".
     * Someone outside the caller's scope (another agency's client, platform staff): a neutral refusal
     * that does not say the address is registered, and only a few of those per person and hour, so an
     * agency cannot sweep the system for addresses.
     */
    async checkEmail(ctx: CallContext, systemId: number, email: string, exceptUserId?: number) {
      const holder = await repo.emailHolder(systemId, email, exceptUserId);
      if (holder === undefined) return;
      if (await deps.inScope(ctx.principal, 'user', holder))
        throw badRequest(EMAIL_TAKEN, { ClientEmail: EMAIL_TAKEN });
      const person = ctx.principal.actorUserId ?? ctx.principal.userId;
      const rule = { limit: UNAVAILABLE_EMAILS_PER_HOUR, windowSeconds: 3600 };
      if (!(await deps.limiter.hit(`email-unavailable:${person}`, rule)).allowed)
        throw new HttpError(429, 'rate_limited', 'Too many attempts. Please try again later.');
      throw badRequest(EMAIL_UNAVAILABLE, { ClientEmail: EMAIL_UNAVAILABLE });
    },

    async checkRole(roleId: number | undefined, companyId: number) {
      if (!roleId) return null;
      if (!(await repo.roleOfCompany(roleId, companyId))) {
        const text = 'Choose a role of this company.';
        throw badRequest(text, { ClientRole: text });
      }
      return roleId;
    },

    /** Runs a write; a unique-index conflict (a race the checks before it lost) becomes a 400. */
    async writeOr400<T>(write: () => Promise<T>): Promise<T> {
      try {
        return await write();
      } catch (error) {
        throw uniqueViolation(error) ?? error;
      }
    },

    async invite(ctx: CallContext, user: UserRow, company: CompanyRow) {
      const system = await repo.system(company.systemId);
      if (!system) throw notFound();
      const inviter = await repo.userWithCompany(ctx.principal.actorUserId ?? ctx.principal.userId);
      await deps.invitations.send(user, {
        origin: await deps.origins.ofCompany(company.id, ctx.host),
        platformName:
          company.kind === 'root' ? system.name : ((await platformNameOf(company)) ?? system.name),
        invitedBy: inviter?.user.name ?? system.name,
      });
    },

    async record(
      ctx: CallContext,
      event: {
        companyId: number;
        targetUserId: number | null;
        action: AuditAction;
        category: 'user' | 'client' | 'settings';
        description: string;
      },
    ) {
      const p = ctx.principal;
      await deps.audit.record({
        systemId: p.systemId,
        userId: p.userId,
        actorUserId: p.actorUserId,
        ip: ctx.ip,
        ...event,
      });
    },

    /** Reads a node back in the list's shape after a write. */
    async readNode(user: UserRow, company: CompanyRow): Promise<ManagedNode> {
      const kind = nodeKindOf(user, company);
      const base: Omit<UserListQuery, 'kind' | 'parentCompanyId'> = {
        systemId: user.systemId,
        search: null,
        sortBy: 'none',
        order: 'none',
        paymentFailedOnly: false,
        apiModeOnly: false,
        userId: user.id,
        page: 1,
        perPage: 1,
      };
      const queries: UserListQuery[] = [];
      if (kind !== 'staff' && company.parentId)
        queries.push({ ...base, kind, parentCompanyId: company.parentId });
      // A second owner-type user of a company is not its main user: read as staff of the company.
      queries.push({ ...base, kind: 'staff', parentCompanyId: company.id, staffTypes: [user.userType] });
      for (const q of queries) {
        const { rows } = await deps.lists.list(q);
        if (rows[0]) return toNode(rows[0]);
      }
      throw notFound();
    },
  };
}

export type ManagementContext = ReturnType<typeof createManagementContext>;
