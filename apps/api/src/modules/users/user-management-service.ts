import {
  type createUserRequestSchema,
  DEFAULT_MODULE_NAMES,
  EMAIL_TAKEN,
  MASTER_ONLY_MODULES,
  type ManagedNode,
  type ModuleType,
  NOT_INVITED_MESSAGE,
  PAYMENT_TERM_REQUIRED,
  type PaymentTerm,
  phoneCallingCode,
  STAFF_SWITCHES,
  SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS,
  type UserType,
  type updateUserRequestSchema,
} from '@app/contracts';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../http-errors.js';
import type { AuditLog } from '../audit/audit-log.js';
import { hashPassword } from '../identity/password-hasher.js';
import type { CompanyHosts } from '../settings/company-hosts.js';
import type { Principal } from '../tenancy/principal.js';
import type { Invitations } from './invitations.js';
import { uniqueViolation } from './unique-violation.js';
import { administratorTypeOf, isAgencyStaff, isCompanyOwner, isSystemStaff } from './user-access.js';
import type { UserListQuery, UserListRepository } from './user-list-repository.js';
import type { CompanyRow, UserManagementRepository, UserRow } from './user-management-repository.js';
import { accountStatus, offeredBy, toNode } from './user-nodes.js';

type CreateInput = z.output<typeof createUserRequestSchema>;
type UpdateInput = z.output<typeof updateUserRequestSchema>;
type Selection<K extends string> = { key: K; status: boolean }[];

export interface CallContext {
  principal: Principal;
  /** The IP the server saw. */
  ip: string;
  /** The web origin (scheme, host, port) for links to a host. */
  originFor(host: string): string;
}

export interface UserManagementDependencies {
  repo: UserManagementRepository;
  lists: UserListRepository;
  audit: AuditLog;
  invitations: Invitations;
  hosts: AgencyHosts;
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

const SUBDOMAIN_FIELD = 'DownlineSubDomain';
const DOMAIN_FIELD = 'DownlineDomain';

/** What a person is in the tree: the main user of an agency or a client, or staff of a company. */
type NodeKind = 'agency' | 'client' | 'staff';
const nodeKindOf = (user: UserRow, company: CompanyRow): NodeKind =>
  company.kind === 'agency' && user.userType === 'userdownline'
    ? 'agency'
    : company.kind === 'client' && user.userType === 'client'
      ? 'client'
      : 'staff';

/** The company id a request must name for a node: its parent for agencies and clients, its own for staff. */
const expectedCompanyId = (kind: NodeKind, company: CompanyRow) =>
  kind === 'staff' ? company.id : company.parentId;

/**
 * Agency, client and staff management (spec 2 §7): who may create, edit and remove whom, with the
 * validation of spec 2 §5 and the uniqueness rules. Every write records a user log.
 */
export function createUserManagementService(deps: UserManagementDependencies) {
  const { repo } = deps;

  async function record(
    ctx: CallContext,
    event: {
      companyId: number;
      targetUserId: number | null;
      action: string;
      category: 'user' | 'client' | 'settings';
      description: string;
    },
  ) {
    const p = ctx.principal;
    await deps.audit.record({
      systemId: p.systemId,
      companyId: event.companyId,
      userId: p.userId,
      actorUserId: p.actorUserId,
      targetUserId: event.targetUserId,
      action: event.action,
      category: event.category,
      description: event.description,
      ip: ctx.ip,
    });
  }

  /** Reads a node back in the list's shape after a write. */
  async function readNode(user: UserRow, company: CompanyRow): Promise<ManagedNode> {
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
  }

  /** The host a person signs in on: their agency's white-label address, else the system's. */
  async function hostOf(company: CompanyRow) {
    const system = await repo.system(company.systemId);
    if (!system) throw notFound();
    const agency =
      company.kind === 'agency'
        ? company
        : company.kind === 'client' && company.parentId
          ? await repo.company(company.parentId)
          : undefined;
    if (agency?.customDomain && agency.domainStatus === 'active')
      return { host: agency.customDomain, system };
    if (agency?.subdomain) return { host: `${agency.subdomain}.${system.domain}`, system };
    return { host: system.domain, system };
  }

  async function invite(ctx: CallContext, user: UserRow, company: CompanyRow) {
    const { host, system } = await hostOf(company);
    const inviter = await repo.userWithCompany(ctx.principal.actorUserId ?? ctx.principal.userId);
    await deps.invitations.send(user, {
      origin: ctx.originFor(host),
      platformName: company.kind === 'root' ? system.name : ((await platformNameOf(company)) ?? system.name),
      invitedBy: inviter?.user.name ?? system.name,
    });
  }

  /** An agency's clients and staff see the agency's name, not the system's. */
  async function platformNameOf(company: CompanyRow) {
    if (company.kind === 'agency') return company.name;
    if (company.kind === 'client' && company.parentId) return (await repo.company(company.parentId))?.name;
    return undefined;
  }

  /** The terms and modules a company offers the agencies or clients below it. */
  async function offerOf(parent: CompanyRow, isMaster: boolean) {
    const [parentTerms, parentModules] = await Promise.all([
      repo.termsOf(parent.id),
      repo.modulesOf(parent.id),
    ]);
    return offeredBy(
      parent.kind,
      parentTerms.map((t) => ({ term: t.term, enabled: t.enabled })),
      parentModules.map((m) => ({ module: m.module, enabled: m.enabled })),
      isMaster,
    );
  }

  /** May the caller add or manage the clients of this agency? */
  async function managesClientsOf(p: Principal, agencyId: number) {
    if (isSystemStaff(p)) return true;
    if (isAgencyStaff(p)) return p.companyId === agencyId;
    // Account executives manage the clients of the agencies they are linked to as executive.
    return (
      p.userType === 'sales' && p.isAccExecutive && repo.salesLinked(agencyId, p.userId, 'account_executive')
    );
  }

  /** May the caller manage this staff member (administrator, root admin, sales person)? */
  const managesStaff = (p: Principal, user: UserRow, company: CompanyRow) =>
    user.userType === 'sales'
      ? isSystemStaff(p) && isCompanyOwner(p)
      : isCompanyOwner(p) && p.companyId === company.id;

  /** Resolves a target person and checks the caller may change it; the company id must match the node. */
  async function manageable(ctx: CallContext, userId: number, companyId: number, what: 'edit' | 'remove') {
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
          ? target.company.parentId !== null &&
            (what === 'remove' && p.userType === 'sales'
              ? false
              : await managesClientsOf(p, target.company.parentId))
          : managesStaff(p, target.user, target.company);
    if (!allowed) throw forbidden(`You cannot ${what} this ${kind === 'staff' ? 'user' : kind}.`);
    return { ...target, kind };
  }

  function enabledOf<K extends string>(selection: Selection<K> | undefined) {
    return (selection ?? []).filter((s) => s.status).map((s) => s.key);
  }

  function checkModules(enabled: ModuleType[], offered: ModuleType[], isMaster: boolean) {
    const field = 'selectedmodules';
    for (const m of enabled) {
      if (offered.includes(m)) continue;
      if (!isMaster && MASTER_ONLY_MODULES.includes(m)) {
        const text = `${DEFAULT_MODULE_NAMES[m].name} is only available on the master platform.`;
        throw badRequest(text, { [field]: text });
      }
      const text = `${DEFAULT_MODULE_NAMES[m].name} is not offered to this account.`;
      throw badRequest(text, { [field]: text });
    }
  }

  function checkTerms(enabled: PaymentTerm[], offered: PaymentTerm[]) {
    const missing = enabled.find((t) => !offered.includes(t));
    if (missing) {
      const text = `The ${missing} payment term is not offered.`;
      throw badRequest(text, { selectedterms: text });
    }
  }

  const terms = (list: { term: PaymentTerm; status: boolean }[] | undefined) =>
    list?.map((t) => ({ key: t.term, status: t.status }));
  const modules = (list: { type: ModuleType; status: boolean }[] | undefined) =>
    list?.map((m) => ({ key: m.type, status: m.status }));

  async function checkEmail(systemId: number, email: string, exceptUserId?: number) {
    if (await repo.emailTaken(systemId, email, exceptUserId))
      throw badRequest(EMAIL_TAKEN, { ClientEmail: EMAIL_TAKEN });
  }

  async function checkRole(roleId: number | undefined, companyId: number) {
    if (!roleId) return null;
    if (!(await repo.roleOfCompany(roleId, companyId))) {
      const text = 'Choose a role of this company.';
      throw badRequest(text, { ClientRole: text });
    }
    return roleId;
  }

  const staffSettingsOf = (
    body: Partial<Record<(typeof STAFF_SWITCHES)[number], 'T' | 'F'>>,
    current = {},
  ) => {
    const next: Record<string, boolean> = { ...current };
    for (const key of STAFF_SWITCHES) if (body[key] !== undefined) next[key] = body[key] === 'T';
    return next;
  };

  const phoneOf = (number: string | undefined, country: string | undefined) => {
    const code = (country ?? 'US').toUpperCase();
    return {
      phonenum: number ?? '',
      phoneCountryCode: code,
      phoneCountryCallingCode: phoneCallingCode(code),
    };
  };

  async function writeOr400<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      throw uniqueViolation(error) ?? error;
    }
  }

  return {
    async create(ctx: CallContext, body: CreateInput): Promise<ManagedNode> {
      const p = ctx.principal;
      const parent = await repo.company(body.companyID);
      if (!parent || parent.deletedAt || parent.systemId !== p.systemId) throw notFound();
      const system = await repo.system(p.systemId);
      if (!system) throw notFound();

      if (body.userType === 'userdownline') {
        if (!isSystemStaff(p)) throw forbidden('You cannot add agencies.');
        if (parent.kind !== 'root')
          throw badRequest('Agencies are added under the root company.', {
            companyID: 'not the root company',
          });
      } else if (body.userType === 'client') {
        if (parent.kind !== 'agency')
          throw badRequest('Clients are added under an agency.', { companyID: 'not an agency' });
        if (!(await managesClientsOf(p, parent.id)))
          throw forbidden('You cannot add clients to this agency.');
        // Decision 0016 §7: a cancelled agency keeps its clients but gets no new ones.
        if (parent.subscriptionCancelledAt)
          throw badRequest(SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS, {
            companyID: SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS,
          });
      } else if (body.userType === 'user') {
        if (!isCompanyOwner(p) || p.companyId !== parent.id)
          throw forbidden('Only the owner of the company can add administrators.');
      } else {
        if (!isSystemStaff(p) || !isCompanyOwner(p)) throw forbidden('You cannot add sales people.');
        if (parent.kind !== 'root')
          throw badRequest('Sales people belong to the root company.', { companyID: 'not the root company' });
      }

      await checkEmail(p.systemId, body.ClientEmail);
      const phone = phoneOf(body.ClientPhone, body.ClientPhoneCountryCode);
      const password = body.ClientPassword ? await hashPassword(body.ClientPassword) : null;
      const person = {
        systemId: p.systemId,
        email: body.ClientEmail,
        name: body.ClientFullName,
        ...phone,
        passwordHash: password,
        status: password ? ('active' as const) : ('invited' as const),
      };

      let user: UserRow;
      let company: CompanyRow = parent;
      if (body.userType === 'userdownline' || body.userType === 'client') {
        const isAgency = body.userType === 'userdownline';
        const offer = await offerOf(parent, system.isMaster);
        const termSel = terms(body.selectedterms) ?? offer.terms.map((key) => ({ key, status: true }));
        const moduleSel =
          modules(body.selectedModulesCreate ?? body.selectedmodules) ??
          offer.modules.map((key) => ({ key, status: true }));
        const enabledTerms = enabledOf(termSel);
        if (enabledTerms.length === 0)
          throw badRequest(PAYMENT_TERM_REQUIRED, { selectedterms: PAYMENT_TERM_REQUIRED });
        checkTerms(enabledTerms, offer.terms);
        checkModules(enabledOf(moduleSel), offer.modules, system.isMaster);
        const agencyHosts = isAgency
          ? await deps.hosts.newAgencyHosts(
              p.systemId,
              {
                subdomain: body.DownlineSubDomain ?? null,
                customDomain: body.DownlineDomain || body.ClientDomain || null,
              },
              { subdomain: SUBDOMAIN_FIELD, customDomain: DOMAIN_FIELD },
            )
          : null;
        const name = body.ClientCompanyName ?? '';
        user = await writeOr400(() =>
          repo.createCompanyWithUser(
            {
              company: {
                systemId: p.systemId,
                kind: isAgency ? 'agency' : 'client',
                parentId: parent.id,
                rootId: parent.rootId,
                name,
                legalName: name,
                email: body.ClientEmail,
                phone: phone.phonenum,
                phoneCountryCode: phone.phoneCountryCode,
                phoneCountryCallingCode: phone.phoneCountryCallingCode,
                ...agencyHosts,
                isWhitelabeling: isAgency && body.ClientWhiteLabeling === 'T',
                apiMode: isAgency && body.ApiMode === 'T',
                externalOrganizationId: body.DownlineOrganizationID || null,
                disableClientAddCampaign: !isAgency && body.disabledaddcampaign === 'T',
              },
              terms: termSel
                .filter((t) => offer.terms.includes(t.key))
                .map((t) => ({ term: t.key, enabled: t.status })),
              modules: moduleSel
                .filter((m) => offer.modules.includes(m.key))
                .map((m) => ({ module: m.key, enabled: m.status })),
            },
            { ...person, companyId: 0, userType: body.userType },
          ),
        );
        const created = await repo.company(user.companyId);
        if (!created) throw notFound();
        company = created;
        if (agencyHosts) await deps.hosts.agencyCreated(company.id, agencyHosts.customDomain);
      } else {
        const userType: UserType =
          body.userType === 'sales'
            ? 'sales'
            : administratorTypeOf(parent.kind === 'root' ? 'root' : 'agency');
        const roleId = body.userType === 'sales' ? null : await checkRole(body.ClientRole, parent.id);
        user = await writeOr400(() =>
          repo.createUser({
            ...person,
            companyId: parent.id,
            userType,
            roleId,
            isAccExecutive: body.userType === 'sales' && body.isAccExecutive === 'T',
            staffSettings: staffSettingsOf(body),
            // Staff work inside an existing company: there is no company profile for them to set up.
            profileSetupCompleted: true,
            questionnaireSetupCompleted: true,
          }),
        );
      }

      if (!password) await invite(ctx, user, company);
      const what =
        body.userType === 'userdownline'
          ? 'agency'
          : body.userType === 'client'
            ? 'client'
            : body.userType === 'sales'
              ? 'sales person'
              : 'administrator';
      await record(ctx, {
        companyId: company.id,
        targetUserId: user.id,
        action: `${body.userType === 'userdownline' ? 'agency' : body.userType === 'client' ? 'client' : 'user'}_created`,
        category: body.userType === 'client' ? 'client' : 'user',
        description: `Added the ${what} ${user.name} (${user.email})${company.kind === 'root' || body.userType === 'user' ? '' : ` of ${company.name}`}${password ? '' : ', invited by e-mail'}`,
      });
      return readNode(user, company);
    },

    async update(ctx: CallContext, body: UpdateInput): Promise<ManagedNode> {
      const p = ctx.principal;
      const { user, company, kind } = await manageable(ctx, body.ClientID, body.companyID, 'edit');
      const system = await repo.system(company.systemId);
      if (!system) throw notFound();
      const userSet: Partial<UserRow> = {};
      const companySet: Partial<CompanyRow> = {};
      let termRows: { term: PaymentTerm; enabled: boolean }[] | undefined;
      let moduleRows: { module: ModuleType; enabled: boolean }[] | undefined;
      let subdomain: string | undefined;
      let customDomain: string | null | undefined;

      if (body.planMinSpendId != null && kind !== 'agency')
        throw badRequest('Minimum spend plans apply to agencies only.', { planMinSpendId: 'agencies only' });
      if (body.ClientRole && kind !== 'staff')
        throw badRequest('Roles apply to administrators only.', { ClientRole: 'administrators only' });

      if (body.ClientFullName !== undefined) userSet.name = body.ClientFullName;
      if (body.ClientEmail !== undefined && body.ClientEmail !== user.email) {
        await checkEmail(user.systemId, body.ClientEmail, user.id);
        userSet.email = body.ClientEmail;
        if (kind !== 'staff') companySet.email = body.ClientEmail;
      }
      if (body.ClientPhone !== undefined) {
        const phone = phoneOf(body.ClientPhone, body.ClientPhoneCountryCode ?? user.phoneCountryCode);
        Object.assign(userSet, phone);
        if (kind !== 'staff')
          Object.assign(companySet, {
            phone: phone.phonenum,
            phoneCountryCode: phone.phoneCountryCode,
            phoneCountryCallingCode: phone.phoneCountryCallingCode,
          });
      }

      if (kind === 'staff') {
        if (body.ClientRole !== undefined && user.userType !== 'sales')
          userSet.roleId = await checkRole(body.ClientRole, company.id);
        userSet.staffSettings = staffSettingsOf(body, user.staffSettings);
      } else {
        if (body.ClientCompanyName !== undefined) companySet.name = body.ClientCompanyName;
        if (body.DownlineOrganizationID !== undefined)
          companySet.externalOrganizationId = body.DownlineOrganizationID || null;
        const parent = company.parentId ? await repo.company(company.parentId) : undefined;
        if (!parent) throw notFound();
        const offer = await offerOf(parent, system.isMaster);
        if (body.selectedterms) {
          const selection = terms(body.selectedterms) ?? [];
          checkTerms(enabledOf(selection), offer.terms);
          termRows = selection.map((t) => ({ term: t.key, enabled: t.status }));
          const current = await repo.termsOf(company.id);
          const after = new Set(current.filter((t) => t.enabled).map((t) => t.term));
          for (const t of termRows) t.enabled ? after.add(t.term) : after.delete(t.term);
          if (after.size === 0)
            throw badRequest(PAYMENT_TERM_REQUIRED, { selectedterms: PAYMENT_TERM_REQUIRED });
        }
        if (body.selectedmodules) {
          const selection = modules(body.selectedmodules) ?? [];
          checkModules(enabledOf(selection), offer.modules, system.isMaster);
          moduleRows = selection.map((m) => ({ module: m.key, enabled: m.status }));
        }
        if (kind === 'client' && body.disabledaddcampaign !== undefined)
          companySet.disableClientAddCampaign = body.disabledaddcampaign === 'T';
        if (kind === 'agency') {
          if (body.ClientWhiteLabeling !== undefined)
            companySet.isWhitelabeling = body.ClientWhiteLabeling === 'T';
          if (body.ApiMode !== undefined) companySet.apiMode = body.ApiMode === 'T';
          // Checked now so that nothing is written when a host is refused; changed after the rest.
          if (body.DownlineSubDomain !== undefined && body.DownlineSubDomain !== company.subdomain) {
            subdomain = body.DownlineSubDomain;
            await deps.hosts.checkSubdomain(company.systemId, subdomain, {
              field: SUBDOMAIN_FIELD,
              exceptCompanyId: company.id,
            });
          }
          const domain = body.DownlineDomain ?? body.ClientDomain;
          if (domain !== undefined && (domain || null) !== company.customDomain) {
            customDomain = domain || null;
            if (customDomain)
              await deps.hosts.checkCustomDomain(customDomain, {
                field: DOMAIN_FIELD,
                exceptCompanyId: company.id,
              });
          }
          if (body.planMinSpendId !== undefined) {
            if (body.planMinSpendId !== null) {
              if (p.userType === 'sales' || !system.isMaster) {
                const text = 'Minimum spend plans apply to agencies of the master platform.';
                throw badRequest(text, { planMinSpendId: text });
              }
              if (!(await repo.planOfSystem(body.planMinSpendId, system.id))) {
                const text = 'Choose a minimum spend plan of this platform.';
                throw badRequest(text, { planMinSpendId: text });
              }
            }
            companySet.planMinSpendId = body.planMinSpendId;
          }
        }
      }

      await writeOr400(() =>
        repo.updateNode({
          userId: user.id,
          companyId: company.id,
          user: userSet,
          company: companySet,
          terms: termRows,
          modules: moduleRows,
        }),
      );
      if (subdomain !== undefined) await deps.hosts.changeSubdomain(company, subdomain, SUBDOMAIN_FIELD);
      if (customDomain !== undefined)
        await deps.hosts.changeCustomDomain(company, customDomain, { field: DOMAIN_FIELD });
      const changed = Object.keys(body).filter(
        (k) => !['ClientID', 'companyID', 'idsys', 'action'].includes(k),
      );
      await record(ctx, {
        companyId: company.id,
        targetUserId: user.id,
        action: `${kind === 'staff' ? 'user' : kind}_updated`,
        category: kind === 'client' ? 'client' : 'user',
        description: `Updated ${kind === 'staff' ? (userSet.name ?? user.name) : (companySet.name ?? company.name)} (${changed.join(', ') || 'no changes'})`,
      });
      const [fresh, freshCompany] = [
        { ...user, ...userSet } as UserRow,
        { ...company, ...companySet } as CompanyRow,
      ];
      return readNode(fresh, freshCompany);
    },

    async remove(ctx: CallContext, companyId: number, userId: number) {
      const { user, company, kind } = await manageable(ctx, userId, companyId, 'remove');
      if (kind === 'staff') {
        await repo.removeUser(user.id, 'account removed');
      } else {
        const removed = await repo.removeCompanyTree(company.id, `${kind} removed`);
        if (kind === 'agency') deps.hosts.hostsReleased();
        await record(ctx, {
          companyId: company.id,
          targetUserId: user.id,
          action: `${kind}_removed`,
          category: kind === 'client' ? 'client' : 'user',
          description:
            kind === 'agency'
              ? `Removed the agency ${company.name} with ${removed - 1} client${removed - 1 === 1 ? '' : 's'}`
              : `Removed the client ${company.name}`,
        });
        return;
      }
      await record(ctx, {
        companyId: company.id,
        targetUserId: user.id,
        action: 'user_removed',
        category: 'user',
        description: `Removed ${user.name} (${user.email})`,
      });
    },

    async resendInvitation(ctx: CallContext, userId: number) {
      const target = await repo.userWithCompany(userId);
      if (!target || target.user.systemId !== ctx.principal.systemId) throw notFound();
      const kind = nodeKindOf(target.user, target.company);
      const expected = expectedCompanyId(kind, target.company);
      if (expected === null) throw notFound();
      const { user, company } = await manageable(ctx, userId, expected, 'edit');
      if (accountStatus({ status: user.status, has_password: user.passwordHash !== null }) !== 'invited')
        throw badRequest(NOT_INVITED_MESSAGE);
      await invite(ctx, user, company);
      await record(ctx, {
        companyId: company.id,
        targetUserId: user.id,
        action: 'invitation_resent',
        category: kind === 'client' ? 'client' : 'user',
        description: `Sent a new invitation to ${user.email}`,
      });
    },

    /** The agency row switches store state only; the charging behind them comes with billing. */
    async setManualBill(ctx: CallContext, companyId: number, manualBill: boolean) {
      const agency = await agencyForSwitch(ctx, companyId);
      await repo.setManualBill(agency.id, manualBill);
      await record(ctx, {
        companyId: agency.id,
        targetUserId: null,
        action: 'manual_bill',
        category: 'settings',
        description: `Turned manual bill ${manualBill ? 'on' : 'off'} for ${agency.name}`,
      });
      return manualBill;
    },

    async toggleExclusion(
      ctx: CallContext,
      companyId: number,
      flag: 'exclude_minimum_spend' | 'exclude_onboard_charge',
    ) {
      const agency = await agencyForSwitch(ctx, companyId);
      const excluded = await repo.toggle(agency.id, flag);
      const what = flag === 'exclude_minimum_spend' ? 'minimum spend' : 'the onboarding charge';
      await record(ctx, {
        companyId: agency.id,
        targetUserId: null,
        action: flag,
        category: 'settings',
        description: `${excluded ? 'Excluded' : 'Included'} ${agency.name} ${excluded ? 'from' : 'in'} ${what}`,
      });
      return excluded;
    },
  };

  /** Row switches: system staff of the root company (not sales) on an agency of their system. */
  async function agencyForSwitch(ctx: CallContext, companyId: number) {
    const p = ctx.principal;
    if (!isSystemStaff(p) || p.companyKind !== 'root')
      throw forbidden('Only the root company can change this.');
    const agency = await repo.company(companyId);
    if (!agency || agency.systemId !== p.systemId || agency.deletedAt) throw notFound();
    if (agency.kind !== 'agency')
      throw badRequest('This setting applies to agencies only.', { companyID: 'not an agency' });
    return agency;
  }
}

export type UserManagementService = ReturnType<typeof createUserManagementService>;
