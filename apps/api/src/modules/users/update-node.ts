import {
  type ManagedNode,
  type ModuleType,
  PAYMENT_TERM_REQUIRED,
  type PaymentTerm,
  PRODUCT_HAS_ACTIVE_CAMPAIGNS,
  type updateUserRequestSchema,
} from '@app/contracts';
import { isSales } from '@app/policy';
import type { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { changeDescription } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { CallContext, ManagementContext } from './management-context.js';
import { nodeChanges } from './node-change-log.js';
import {
  checkModules,
  checkTerms,
  DOMAIN_FIELD,
  enabledOf,
  moduleSelection,
  type NodeKind,
  phoneOf,
  SUBDOMAIN_FIELD,
  staffSettingsOf,
  termSelection,
} from './node-rules.js';
import type { CompanyRow, UserRow } from './user-management-repository.js';

type UpdateInput = z.output<typeof updateUserRequestSchema>;

/**
 * `PUT /configuration/user/update`: edits the fields that fit the node (decision 0014 §6). Every
 * check runs before anything is written; host changes go through the settings module last.
 */
export async function updateNode(
  m: ManagementContext,
  ctx: CallContext,
  body: UpdateInput,
): Promise<ManagedNode> {
  const { user, company, kind } = await m.manageable(ctx, body.ClientID, body.companyID, 'edit');
  if (body.planMinSpendId != null && kind !== 'agency')
    throw badRequest('Minimum spend plans apply to agencies only.', { planMinSpendId: 'agencies only' });
  if (body.ClientRole && kind !== 'staff')
    throw badRequest('Roles apply to administrators only.', { ClientRole: 'administrators only' });

  const userSet: Partial<UserRow> = {};
  if (body.ClientFullName !== undefined) userSet.name = body.ClientFullName;
  // Someone who never signed in (an invitation pending) simply gets the new address; an account in
  // use keeps its address until the owner of the new one confirms it.
  let confirmEmail: string | null = null;
  if (body.ClientEmail !== undefined && body.ClientEmail !== user.email) {
    await m.checkEmail(ctx, user.systemId, body.ClientEmail, user.id);
    if (user.status === 'invited') userSet.email = body.ClientEmail;
    else confirmEmail = body.ClientEmail;
  }
  if (body.ClientPhone !== undefined)
    Object.assign(userSet, phoneOf(body.ClientPhone, body.ClientPhoneCountryCode ?? user.phoneCountryCode));

  let change: CompanyChange = { company: {} };
  if (kind === 'staff') {
    if (body.ClientRole !== undefined && user.userType !== 'sales')
      userSet.roleId = await m.checkRole(body.ClientRole, company.id);
    userSet.staffSettings = staffSettingsOf(body, user.staffSettings);
  } else {
    change = await companyChange(m, ctx.principal, body, company, kind);
    // The main user's contact details are the company's too.
    if (userSet.email) change.company.email = userSet.email;
    if (userSet.phonenum !== undefined)
      Object.assign(change.company, {
        phone: userSet.phonenum,
        phoneCountryCode: userSet.phoneCountryCode,
        phoneCountryCallingCode: userSet.phoneCountryCallingCode,
      });
  }

  // Read before the write: what the log says changed is what differs from the stored values.
  const changes = await nodeChanges(
    m,
    { user, company },
    {
      user: userSet,
      company: change.company,
      subdomain: change.subdomain,
      customDomain: change.customDomain,
      terms: change.terms,
      modules: change.modules,
    },
  );
  await m.writeOr400(() =>
    m.repo.updateNode({
      userId: user.id,
      companyId: company.id,
      user: userSet,
      company: change.company,
      terms: change.terms,
      modules: change.modules,
    }),
  );
  if (confirmEmail) await m.emailChanges.request({ user, newEmail: confirmEmail, ip: ctx.ip });
  if (company.apiMode && change.company.apiMode === false) await m.developerModeOff?.(company.id);
  if (change.subdomain !== undefined)
    await m.hosts.changeSubdomain(company, change.subdomain, SUBDOMAIN_FIELD);
  if (change.customDomain !== undefined)
    await m.hosts.changeCustomDomain(company, change.customDomain, { field: DOMAIN_FIELD });

  await m.record(ctx, {
    companyId: company.id,
    targetUserId: user.id,
    action: `${kind === 'staff' ? 'user' : kind}_updated`,
    category: kind === 'client' ? 'client' : 'user',
    description: changeDescription(
      `Updated ${kind === 'staff' ? (userSet.name ?? user.name) : (change.company.name ?? company.name)}`,
      changes,
    ),
  });
  return m.readNode({ ...user, ...userSet }, { ...company, ...change.company });
}

interface CompanyChange {
  company: Partial<CompanyRow>;
  terms?: { term: PaymentTerm; enabled: boolean }[];
  modules?: { module: ModuleType; enabled: boolean }[];
  subdomain?: string;
  customDomain?: string | null;
}

/** The company side of an agency or client: name, terms and modules within the parent's offer, switches, hosts, plan. */
async function companyChange(
  m: ManagementContext,
  p: Principal,
  body: UpdateInput,
  company: CompanyRow,
  kind: Exclude<NodeKind, 'staff'>,
): Promise<CompanyChange> {
  const change: CompanyChange = { company: {} };
  const set = change.company;
  if (body.ClientCompanyName !== undefined) set.name = body.ClientCompanyName;
  if (body.DownlineOrganizationID !== undefined)
    set.externalOrganizationId = body.DownlineOrganizationID || null;

  const system = await m.repo.system(company.systemId);
  const parent = company.parentId ? await m.repo.company(company.parentId) : undefined;
  if (!system || !parent) throw notFound();
  const offer = await m.offerOf(parent, system.isMaster);
  if (body.selectedterms) {
    const selection = termSelection(body.selectedterms) ?? [];
    checkTerms(enabledOf(selection), offer.terms);
    change.terms = selection.map((t) => ({ term: t.key, enabled: t.status }));
    // An agency or client keeps at least one enabled term after the change.
    const after = new Set((await m.repo.termsOf(company.id)).filter((t) => t.enabled).map((t) => t.term));
    for (const t of change.terms) t.enabled ? after.add(t.term) : after.delete(t.term);
    if (after.size === 0) throw badRequest(PAYMENT_TERM_REQUIRED, { selectedterms: PAYMENT_TERM_REQUIRED });
  }
  if (body.selectedmodules) {
    const selection = moduleSelection(body.selectedmodules) ?? [];
    checkModules(enabledOf(selection), offer.modules, system.isMaster);
    change.modules = selection.map((x) => ({ module: x.key, enabled: x.status }));
    // A product is not switched off under active campaigns: the refusal lists them per product.
    const off = change.modules.filter((x) => !x.enabled).map((x) => x.module);
    const active = await m.repo.activeCampaigns(company, off);
    if (active.length > 0) {
      const list = off
        .map((module) => [module, active.filter((a) => a.module === module).map((a) => a.publicId)] as const)
        .filter(([, ids]) => ids.length > 0)
        .map(([module, ids]) => `${module}: ${ids.join(', ')}`)
        .join('; ');
      throw new HttpError(409, 'active_campaigns', `${PRODUCT_HAS_ACTIVE_CAMPAIGNS} ${list}`, {
        selectedmodules: list,
      });
    }
  }

  if (kind === 'client') {
    if (body.disabledaddcampaign !== undefined)
      set.disableClientAddCampaign = body.disabledaddcampaign === 'T';
    return change;
  }
  if (body.ClientWhiteLabeling !== undefined) set.isWhitelabeling = body.ClientWhiteLabeling === 'T';
  if (body.ApiMode !== undefined) set.apiMode = body.ApiMode === 'T';
  // Checked now so that nothing is written when a host is refused; changed after the rest.
  if (body.DownlineSubDomain !== undefined && body.DownlineSubDomain !== company.subdomain) {
    change.subdomain = body.DownlineSubDomain;
    await m.hosts.checkSubdomain(company.systemId, change.subdomain, {
      field: SUBDOMAIN_FIELD,
      exceptCompanyId: company.id,
    });
  }
  const domain = body.DownlineDomain ?? body.ClientDomain;
  if (domain !== undefined && (domain || null) !== company.customDomain) {
    change.customDomain = domain || null;
    if (change.customDomain)
      await m.hosts.checkCustomDomain(change.customDomain, {
        field: DOMAIN_FIELD,
        exceptCompanyId: company.id,
      });
  }
  if (body.planMinSpendId !== undefined) {
    if (body.planMinSpendId !== null) {
      if (isSales(p) || !system.isMaster) {
        const text = 'Minimum spend plans apply to agencies of the master platform.';
        throw badRequest(text, { planMinSpendId: text });
      }
      if (!(await m.repo.planOfSystem(body.planMinSpendId, system.id))) {
        const text = 'Choose a minimum spend plan of this platform.';
        throw badRequest(text, { planMinSpendId: text });
      }
    }
    set.planMinSpendId = body.planMinSpendId;
  }
  return change;
}
