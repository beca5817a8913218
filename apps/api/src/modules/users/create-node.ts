import {
  type createUserRequestSchema,
  type ManagedNode,
  PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS,
  PAYMENT_TERM_REQUIRED,
  SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS,
  type UserType,
} from '@app/contracts';
import { agencyMayAddClients, isAgencyStaff, isCompanyOwner, isSystemStaff } from '@app/policy';
import type { z } from 'zod';
import { badRequest, forbidden, notFound } from '../../http-errors.js';
import { hashPassword, storedAccountState } from '../identity/index.js';
import type { CallContext, ManagementContext } from './management-context.js';
import {
  checkModules,
  checkTerms,
  DOMAIN_FIELD,
  enabledOf,
  moduleSelection,
  phoneOf,
  SUBDOMAIN_FIELD,
  staffSettingsOf,
  termSelection,
  whatWasCreated,
} from './node-rules.js';
import { administratorTypeOf } from './user-access.js';
import type { CompanyRow, UserRow } from './user-management-repository.js';

type CreateInput = z.output<typeof createUserRequestSchema>;

/**
 * `POST /configuration/user/create`: an agency under the root company, a client under an agency,
 * an administrator of the caller's own company or a sales person (decision 0014 §4). Without a
 * password the person is invited by e-mail.
 */
export async function createNode(
  m: ManagementContext,
  ctx: CallContext,
  body: CreateInput,
): Promise<ManagedNode> {
  const p = ctx.principal;
  const parent = await m.repo.company(body.companyID);
  if (!parent || parent.deletedAt || parent.systemId !== p.systemId) throw notFound();
  await checkMayCreate(m, ctx, body, parent);
  await m.checkEmail(ctx, p.systemId, body.ClientEmail);

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
  const { user, company } =
    body.userType === 'userdownline' || body.userType === 'client'
      ? await createCompanyNode(m, ctx, body, parent, person)
      : await createStaff(m, body, parent, person);

  if (!password) await m.invite(ctx, user, company);
  const what = whatWasCreated(body.userType);
  await m.record(ctx, {
    companyId: company.id,
    targetUserId: user.id,
    action: `${body.userType === 'userdownline' ? 'agency' : body.userType === 'client' ? 'client' : 'user'}_created`,
    category: body.userType === 'client' ? 'client' : 'user',
    description: `Added the ${what} ${user.name} (${user.email})${company.kind === 'root' || body.userType === 'user' ? '' : ` of ${company.name}`}${password ? '' : ', invited by e-mail'}`,
  });
  return m.readNode(user, company);
}

async function checkMayCreate(m: ManagementContext, ctx: CallContext, body: CreateInput, parent: CompanyRow) {
  const p = ctx.principal;
  if (body.userType === 'userdownline') {
    if (!isSystemStaff(p)) throw forbidden('You cannot add agencies.');
    if (parent.kind !== 'root')
      throw badRequest('Agencies are added under the root company.', { companyID: 'not the root company' });
  } else if (body.userType === 'client') {
    if (parent.kind !== 'agency')
      throw badRequest('Clients are added under an agency.', { companyID: 'not an agency' });
    if (!(await m.managesClientsOf(p, parent.id))) throw forbidden('You cannot add clients to this agency.');
    // Decision 0016 §7: a cancelled agency keeps its clients but gets no new ones.
    if (parent.subscriptionCancelledAt)
      throw badRequest(SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS, {
        companyID: SUBSCRIPTION_CANCELLED_NO_NEW_CLIENTS,
      });
    // Spec 1 §8 / decision 0020: the agency's own people add clients once its account is connected.
    if (isAgencyStaff(p) && !agencyMayAddClients(await paymentAccountOf(m, parent)))
      throw badRequest(PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS);
  } else if (body.userType === 'user') {
    if (!isCompanyOwner(p) || p.companyId !== parent.id)
      throw forbidden('Only the owner of the company can add administrators.');
  } else {
    if (!isSystemStaff(p) || !isCompanyOwner(p)) throw forbidden('You cannot add sales people.');
    if (parent.kind !== 'root')
      throw badRequest('Sales people belong to the root company.', { companyID: 'not the root company' });
  }
}

/** The agency's account in the policy's terms, read as the setup check reads it. */
async function paymentAccountOf(m: ManagementContext, agency: CompanyRow) {
  return {
    ...storedAccountState(await m.repo.connectedAccount(agency.id)),
    package_id: agency.packageId,
    manual_bill: agency.manualBill ? ('T' as const) : ('F' as const),
  };
}

type NewPerson = Pick<
  UserRow,
  | 'systemId'
  | 'email'
  | 'name'
  | 'phonenum'
  | 'phoneCountryCode'
  | 'phoneCountryCallingCode'
  | 'passwordHash'
  | 'status'
>;

/** An agency or a client: a company below `parent` with its main user, terms and modules. */
async function createCompanyNode(
  m: ManagementContext,
  ctx: CallContext,
  body: CreateInput,
  parent: CompanyRow,
  person: NewPerson,
) {
  const p = ctx.principal;
  const system = await m.repo.system(p.systemId);
  if (!system) throw notFound();
  const isAgency = body.userType === 'userdownline';
  const offer = await m.offerOf(parent, system.isMaster);
  const terms = termSelection(body.selectedterms) ?? offer.terms.map((key) => ({ key, status: true }));
  const modules =
    moduleSelection(body.selectedModulesCreate ?? body.selectedmodules) ??
    offer.modules.map((key) => ({ key, status: true }));
  const enabledTerms = enabledOf(terms);
  if (enabledTerms.length === 0)
    throw badRequest(PAYMENT_TERM_REQUIRED, { selectedterms: PAYMENT_TERM_REQUIRED });
  checkTerms(enabledTerms, offer.terms);
  checkModules(enabledOf(modules), offer.modules, system.isMaster);
  const agencyHosts = isAgency
    ? await m.hosts.newAgencyHosts(
        p.systemId,
        {
          subdomain: body.DownlineSubDomain ?? null,
          customDomain: body.DownlineDomain || body.ClientDomain || null,
        },
        { subdomain: SUBDOMAIN_FIELD, customDomain: DOMAIN_FIELD },
      )
    : null;
  const name = body.ClientCompanyName ?? '';
  const user = await m.writeOr400(() =>
    m.repo.createCompanyWithUser(
      {
        company: {
          systemId: p.systemId,
          kind: isAgency ? 'agency' : 'client',
          parentId: parent.id,
          rootId: parent.rootId,
          name,
          legalName: name,
          email: person.email,
          phone: person.phonenum,
          phoneCountryCode: person.phoneCountryCode,
          phoneCountryCallingCode: person.phoneCountryCallingCode,
          ...agencyHosts,
          isWhitelabeling: isAgency && body.ClientWhiteLabeling === 'T',
          apiMode: isAgency && body.ApiMode === 'T',
          externalOrganizationId: body.DownlineOrganizationID || null,
          disableClientAddCampaign: !isAgency && body.disabledaddcampaign === 'T',
        },
        terms: terms
          .filter((t) => offer.terms.includes(t.key))
          .map((t) => ({ term: t.key, enabled: t.status })),
        modules: modules
          .filter((x) => offer.modules.includes(x.key))
          .map((x) => ({ module: x.key, enabled: x.status })),
      },
      { ...person, companyId: 0, userType: isAgency ? 'userdownline' : 'client' },
    ),
  );
  const company = await m.repo.company(user.companyId);
  if (!company) throw notFound();
  if (agencyHosts) await m.hosts.agencyCreated(company.id, agencyHosts.customDomain);
  return { user, company };
}

/** An administrator of `parent` (root admin or agency administrator) or a sales person. */
async function createStaff(m: ManagementContext, body: CreateInput, parent: CompanyRow, person: NewPerson) {
  const isSales = body.userType === 'sales';
  const userType: UserType = isSales
    ? 'sales'
    : administratorTypeOf(parent.kind === 'root' ? 'root' : 'agency');
  const roleId = isSales ? null : await m.checkRole(body.ClientRole, parent.id);
  const user = await m.writeOr400(() =>
    m.repo.createUser({
      ...person,
      companyId: parent.id,
      userType,
      roleId,
      isAccExecutive: isSales && body.isAccExecutive === 'T',
      staffSettings: staffSettingsOf(body),
      // Staff work inside an existing company: there is no company profile for them to set up.
      profileSetupCompleted: true,
      questionnaireSetupCompleted: true,
    }),
  );
  return { user, company: parent };
}
