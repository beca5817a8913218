import {
  type CompanyContact,
  type CompanyContacts,
  DEFAULT_MODULE_NAMES,
  type ModuleType,
  NO_CONTACTS,
  offeredModules,
  type SessionUser,
  sessionUserSchema,
  toTF,
} from '@app/contracts';
import {
  companies,
  companyBranding,
  companyModules,
  type Database,
  eq,
  inArray,
  systems,
  users,
} from '@app/db';
import type { FileLinks } from '../files/index.js';
import { brandingLookOf, createCompanyReads } from '../tenancy/index.js';

/**
 * Builds the session user of spec 1 §3.1 from the database. Company facts come from the company
 * rows; a client shows its agency's branding, module wording, connected account and manual-bill
 * setting; in view mode the real person's user type is `user_type_ori`.
 */
/** Profile step 2's contacts as the session user's flat fields (decision 0094). */
function contactFieldsOf(stored: unknown) {
  const c = { ...NO_CONTACTS, ...(stored as Partial<CompanyContacts> | null) };
  const person = (contact: CompanyContact | null) => ({
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
  });
  const director = person(c.director);
  const manager = person(c.officeManager);
  const team = person(c.teamManager);
  return {
    franchize: toTF(c.franchize),
    franchizedirector: toTF(c.director !== null),
    director_name: director.name,
    director_email: director.email,
    director_phone: director.phone,
    officemanager: toTF(c.officeManager !== null),
    manager_name: manager.name,
    manager_email: manager.email,
    manager_phone: manager.phone,
    team: toTF(c.team),
    teammanager: toTF(c.teamManager !== null),
    team_name: team.name,
    team_email: team.email,
    team_phone: team.phone,
  };
}

export function createSessionUserReader(db: Database, filesBaseUrl: string, links: FileLinks) {
  const fileUrl = (id: string | null | undefined) => (id ? `${filesBaseUrl}/${id}` : null);
  const reads = createCompanyReads(db);

  return async function readSessionUser(
    userId: number,
    actorUserId: number | null = null,
  ): Promise<SessionUser | null> {
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user || user.deletedAt) return null;
    const [company] = await db.select().from(companies).where(eq(companies.id, user.companyId));
    const [system] = await db.select().from(systems).where(eq(systems.id, user.systemId));
    if (!company || !system) return null;
    const parent = company.parentId
      ? (await db.select().from(companies).where(eq(companies.id, company.parentId)))[0]
      : undefined;
    // The agency whose settings a user works under: itself, or a client's parent.
    const agency = company.kind === 'client' ? parent : company.kind === 'agency' ? company : undefined;
    const chain = [company.id, parent?.id, company.rootId].filter(
      (id): id is number => typeof id === 'number',
    );
    const brandings = await db
      .select()
      .from(companyBranding)
      .where(inArray(companyBranding.companyId, chain));
    const brandOf = (id: number | undefined) => brandings.find((b) => b.companyId === id);
    const branding = brandOf(company.id) ?? brandOf(parent?.id) ?? brandOf(company.rootId);
    const moduleRows = await db
      .select()
      .from(companyModules)
      .where(inArray(companyModules.companyId, [company.id, ...(agency ? [agency.id] : [])]));
    // A sales person's own account (commissions), else the agency's (decision 0033).
    const account =
      user.userType === 'sales'
        ? await reads.personalAccount(user.id)
        : agency
          ? await reads.connectedAccount(agency.id)
          : undefined;
    const actor = actorUserId
      ? (await db.select().from(users).where(eq(users.id, actorUserId)))[0]
      : undefined;

    const offered = offeredModules({ masterSystem: system.isMaster });
    const row = (companyId: number | undefined, module: ModuleType) =>
      moduleRows.find((r) => r.companyId === companyId && r.module === module);
    const modules = offered.map((type) => {
      const naming = row(agency?.id, type);
      const own = row(company.id, type);
      // A module the agency switched off is off for its clients too (decision 0063).
      const agencyOn = company.kind !== 'client' || Boolean(naming?.enabled);
      return {
        type,
        name: naming?.displayName ?? DEFAULT_MODULE_NAMES[type].name,
        url: naming?.slug ?? DEFAULT_MODULE_NAMES[type].slug,
        // Root staff see every module; agencies what is enabled for them; clients what is enabled
        // for both them and their agency.
        enabled: company.kind === 'root' ? true : Boolean(own?.enabled) && agencyOn,
      };
    });
    // Every module the client has on ('local' sets the local type, any other the locator type: spec
    // 1 §6), so its enhance and b2b campaigns are not hidden behind a 404 (decision 0063).
    const clientTypes = modules.filter((m) => m.enabled).map((m) => m.type);

    return sessionUserSchema.parse({
      id: user.id,
      name: user.name,
      email: user.email,
      user_type: user.userType,
      user_type_ori: actor?.userType ?? user.userType,
      systemuser: user.isSystemUser,
      rootcomp: company.kind === 'root',
      isViewMode: actorUserId !== null,
      actor_user_id: actorUserId,
      isAccExecutive: toTF(user.isAccExecutive),
      profile_setup_completed: toTF(user.profileSetupCompleted),
      questionnaire_setup_completed: toTF(user.questionnaireSetupCompleted),
      // A profile picture is private: a signed link the <img> can load.
      profile_pict: user.profilePictureFileId ? links.signedUrl(user.profilePictureFileId) : null,
      phonenum: user.phonenum,
      phone_country_code: user.phoneCountryCode,
      phone_country_calling_code: user.phoneCountryCallingCode,
      address: user.address,
      city: user.city,
      zip: user.zip,
      country_code: user.countryCode,
      state_code: user.stateCode,
      company_id: company.id,
      company_parent: company.parentId,
      company_root_id: company.rootId,
      idsys: system.id,
      is_master_system: system.isMaster,
      role_id: user.roleId,
      company_name: company.name,
      company_logo: fileUrl(brandOf(company.id)?.logoFileId),
      companyparentname: parent?.name ?? null,
      companyparentlogo: fileUrl(brandOf(parent?.id)?.logoFileId),
      // The branding's Company Display Name ('Shown in the sidebar'); blank when none is set.
      company_display_name: brandOf(company.id)?.displayName?.trim() ?? '',
      companyparent_display_name: brandOf(parent?.id)?.displayName?.trim() ?? '',
      company_phone: company.phone,
      company_email: company.email,
      company_address: company.address,
      company_city: company.city,
      company_zip: company.zip,
      company_state_code: company.stateCode,
      company_country_code: company.countryCode,
      industry_id: null,
      industry_name: company.industryName || null,
      ...contactFieldsOf(company.contacts),
      time_zone: user.timeZone ?? null,
      campaign_setup: user.campaignSetup ?? null,
      ip_login: user.lastLoginIp,
      customer_card_id: await reads.paymentCard(user),
      manual_bill: toTF(agency?.manualBill ?? false),
      status_acc: account?.status ?? '',
      payouts_enabled: account?.payoutsEnabled ?? false,
      charges_enabled: account?.chargesEnabled ?? false,
      menuLeadspeek: company.kind === 'root' || modules.some((m) => m.enabled),
      leadspeek_type: company.kind === 'client' ? clientTypes.join('|') : '',
      api_mode: toTF(company.apiMode),
      user_permissions: user.userPermissions ?? null,
      user_permissions_view_mode: actorUserId ? (actor?.userPermissions ?? null) : null,
      ...brandingLookOf(branding),
      disable_client_add_campaign: toTF(agency?.disableClientAddCampaign ?? company.disableClientAddCampaign),
      subscription_cancelled_at: agency?.subscriptionCancelledAt?.toISOString() ?? null,
      modules,
    });
  };
}

export type ReadSessionUser = ReturnType<typeof createSessionUserReader>;
