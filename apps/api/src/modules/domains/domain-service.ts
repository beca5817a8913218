import {
  DEFAULT_MODULE_NAMES,
  type DomainInfo,
  domainInfoSchema,
  offeredModules,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
} from '@app/contracts';
import { TtlCache } from '../../lib/ttl-cache.js';
import { brandingLookOf } from '../tenancy/index.js';
import type { DomainRepository, HostOwner } from './domain-repository.js';

/** A resolved host: the domain info, and the same already serialised (and encoded) for the hot path. */
export interface ResolvedDomain {
  info: DomainInfo;
  json: string;
  /** `json` as UTF-8 bytes: sent as it is, with no per-request encoding or length scan. */
  body: Buffer;
  /**
   * Who the host's visitors deal with, by legal name: the agency on its own white-label host (its
   * clients buy from it and never see the platform's name), else the system's root company.
   */
  legalParty: string;
}

export interface DomainServiceOptions {
  /** URL prefix under which stored files are served, e.g. '/api/files'. */
  filesBaseUrl: string;
  cacheTtlMs?: number;
}

const NORMAL_HOST = /^[a-z0-9.-]*[a-z0-9-]$/;

/** Lowercases, drops a port and a trailing dot: 'Northwind.Localhost:3000.' → 'northwind.localhost'. */
export function normaliseHost(host: string): string {
  // Already normal (the common case): nothing to trim, lowercase or drop, so no new strings.
  if (NORMAL_HOST.test(host)) return host;
  return host.trim().toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
}

/**
 * Answers "whose platform is this host?" with the domain info of spec 1 §3.3. Agency subdomains
 * and custom domains show the agency's branding on its system; unknown hosts fall back to the
 * master system. Results are cached briefly; `invalidate()` is called when branding or domains change.
 */
export function createDomainService(repo: DomainRepository, options: DomainServiceOptions) {
  const cache = new TtlCache<ResolvedDomain>(options.cacheTtlMs ?? 30_000, 10_000);

  async function load(host: string): Promise<ResolvedDomain> {
    const owner = (await repo.findHostOwner(host)) ?? (await repo.findMasterOwner());
    if (!owner) throw new Error('no master system: the database has not been seeded');
    const { info: built, legalParty } = await buildInfo(owner);
    const info = domainInfoSchema.parse(built);
    const json = JSON.stringify(info);
    return { info, json, body: Buffer.from(json, 'utf8'), legalParty };
  }

  async function buildInfo(owner: HostOwner): Promise<{ info: DomainInfo; legalParty: string }> {
    const [system, masterId, ownerCompany] = await Promise.all([
      repo.getSystem(owner.systemId),
      repo.getMasterSystemId(),
      repo.getCompany(owner.companyId),
    ]);
    if (!system?.rootCompanyId || !ownerCompany || masterId === undefined) {
      throw new Error(`host owner ${owner.companyId} is incomplete`);
    }
    const [root, rootUser, ownBranding, rootBranding, modules, terms, account] = await Promise.all([
      repo.getCompany(system.rootCompanyId),
      repo.getRootUser(system.rootCompanyId),
      repo.getBranding(owner.companyId),
      repo.getBranding(system.rootCompanyId),
      repo.getModules(owner.companyId),
      repo.getPaymentTerms(owner.companyId),
      repo.getConnectedAccount(owner.companyId),
    ]);
    if (!root) throw new Error(`root company of system ${system.id} is missing`);
    const branding = ownBranding ?? rootBranding;
    const fileUrl = (id: string | null | undefined) => (id ? `${options.filesBaseUrl}/${id}` : null);
    const named = new Map(modules.map((m) => [m.module, m]));
    // An agency's host lists the modules it has switched on; the system's host every module it offers.
    const enabled = modules.filter((m) => m.enabled).map((m) => m.module);
    const sidemenu = offeredModules({
      masterSystem: system.isMaster,
      selections: owner.isAgency ? [enabled] : [],
    }).map((type) => ({
      type,
      name: named.get(type)?.displayName ?? DEFAULT_MODULE_NAMES[type].name,
      url: named.get(type)?.slug ?? DEFAULT_MODULE_NAMES[type].slug,
    }));
    const termList = owner.isAgency
      ? PAYMENT_TERMS.filter((t) => terms.some((r) => r.term === t))
      : PAYMENT_TERMS;

    const legalParty = owner.isAgency
      ? ownerCompany.legalName || ownerCompany.name
      : root.legalName || root.name;
    const info: DomainInfo = {
      idsys: system.id,
      masteridsys: masterId,
      is_master: system.isMaster,
      owner_company_id: ownerCompany.id,
      agencyplatformroot: owner.isAgency,
      rootcomp: root.id,
      company_root_name: root.name,
      company_legal_name: root.legalName || root.name,
      company_short_name: root.shortName || root.name,
      company_address: root.address,
      company_city: root.city,
      company_zip: root.zip,
      company_state_code: root.stateCode,
      company_state_name: root.stateName,
      company_phone: root.phone,
      domain: owner.isAgency ? (ownerCompany.customDomain ?? system.domain) : system.domain,
      subdomain: owner.isAgency ? (ownerCompany.subdomain ?? '') : '',
      status_domain: ownerCompany.domainStatus === 'none' ? '' : ownerCompany.domainStatus,
      root_user_name: rootUser?.name ?? '',
      root_user_email: rootUser?.email ?? '',
      root_user_address: rootUser?.address ?? '',
      payment_public_key: system.paymentPublicKey,
      recaptcha_site_key: system.recaptchaSiteKey,
      charges_enabled: account?.chargesEnabled ?? false,
      payouts_enabled: account?.payoutsEnabled ?? false,
      account_requirements: requirementsDue(account?.requirements),
      paymentterm: termList.map((value) => ({ value, label: PAYMENT_TERM_LABELS[value] })),
      sidemenu,
      branding: {
        company_name: branding?.displayName ?? ownerCompany.name,
        logo_url: fileUrl(branding?.logoFileId),
        favicon_url: fileUrl(branding?.faviconFileId),
        ...brandingLookOf(branding),
      },
    };
    return { info, legalParty };
  }

  const resolve = (host: string) => {
    const key = normaliseHost(host);
    return cache.get(key, () => load(key));
  };
  return {
    resolve,
    /** The resolved host while it is cached (synchronous, for the hot path); undefined otherwise. */
    cached: (host: string): ResolvedDomain | undefined => cache.peek(normaliseHost(host)),
    /** The system a host belongs to (the master system for unknown hosts). */
    systemOf: async (host: string) => (await resolve(host)).info.idsys,
    invalidate: () => cache.clear(),
  };
}

export type DomainService = ReturnType<typeof createDomainService>;

/**
 * What the gateway still asks of an account, as the domain info's list: what is due now and what is
 * past due (the stored requirements object of decision 0033).
 */
function requirementsDue(requirements: Record<string, unknown> | undefined): string[] {
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return requirements ? [...list(requirements.currentlyDue), ...list(requirements.pastDue)] : [];
}
