import { describe, expect, it } from 'vitest';
import { ADVANCED_INFORMATION_LISTS, INFORMATION_TYPES, listOfType } from './advanced-information.js';
import {
  AD_MODULES,
  AD_PLATFORM_MIRRORED_MODULES,
  COMMON_LEADSPEEK_FIELDS,
  COST_MODULES,
  campaignEntityOf,
  DEFAULT_MODULE_NAMES,
  hasCampaignField,
  isAdModule,
  isCostModule,
  isMirroredToAdPlatform,
  isModuleType,
  isPixelModule,
  isVendorListModule,
  LEAD_MODULES,
  leadInformationOf,
  MASTER_ONLY_MODULES,
  MODULE_CATALOGUE,
  MODULE_PAGES,
  MODULES,
  type ModuleEntry,
  moduleEntry,
  perModule,
  pricesAdvancedLeads,
  pricesB2bLeads,
  sellsBusinessLeads,
  VENDOR_LIST_MODULES,
} from './module-catalogue.js';
import {
  agencyCostInputSchema,
  agencyCostSchema,
  moduleNamesValueSchema,
  moduleSlugSchema,
} from './settings.js';
import { BETA_FEATURES, moduleSchema } from './tenancy.js';

/** Spec 2 §3 "Campaign (leadspeek)", in the spec's order. */
const SPEC_LEADSPEEK_FIELDS =
  'leadspeekID, leadspeek_api_id, campaignName, leadspeekType, reportType, reportSentTo, adminNotifyTo, leadsAmountNotification, enableMinimumLimitLeads, minimumLimitLeads, companyGroupID, clientOrganizationID, clientCampaignID, clientHidePhone, urlCode, urlCodeThankyou, gtminstalled, startdatecampaign, enddatecampaign, locatorzip, locatordesc, locatorkeyword, locatorkeywordcontextual, locatorstate, locatorcity, locatorrequire, nationaltargeting, locationtarget, phoneenabled, homeaddressenabled, requireemailaddress, reidentificationtype, applyreidentificationall, listAdvanceInformationId, listB2BInformationId, campaign_information_type, answers, timezone'.split(
    ', ',
  );
/** Spec 2 §3 "Simplifi (ad-platform) campaign": its budget fields. */
const SPEC_SIMPLIFI_FIELDS =
  'maxBid, monthlyBudget, dailyBudget, goalValue, goalType, agencyMarkup, remainingDays, totalSpend'.split(
    ', ',
  );

const ENTRY_FIELDS: readonly (keyof ModuleEntry)[] = [
  'defaultName',
  'defaultSlug',
  'masterOnly',
  'beta',
  'leadSource',
  'leadInformation',
  'pricing',
  'minimums',
  'campaign',
  'menu',
];

describe('the module catalogue is complete', () => {
  it('names the five modules of spec 1 §1, in the fixed order', () => {
    expect(MODULES).toEqual(['local', 'locator', 'enhance', 'b2b', 'simplifi']);
    expect(moduleSchema.options).toEqual(MODULES);
  });

  it.each(MODULES)('%s has every field, each well formed', (module) => {
    const entry = moduleEntry(module);
    expect(Object.keys(entry).sort()).toEqual([...ENTRY_FIELDS].sort());
    expect(entry.defaultName.trim()).not.toBe('');
    expect(moduleSlugSchema.safeParse(entry.defaultSlug).success).toBe(true);
    expect(typeof entry.masterOnly).toBe('boolean');
    expect([null, 'pixel', 'vendor_list', 'ad_platform_mirror']).toContain(entry.leadSource);
    expect(entry.menu.pages.length).toBeGreaterThan(0);
    for (const page of entry.menu.pages) expect(MODULE_PAGES).toContain(page);
    for (const minimum of entry.minimums) {
      expect(minimum.readBy.startsWith('/configuration/setting/')).toBe(true);
    }
  });

  it('gives every module its own default name and slug', () => {
    const slugs = MODULES.map((m) => moduleEntry(m).defaultSlug);
    const names = MODULES.map((m) => moduleEntry(m).defaultName);
    expect(new Set(slugs).size).toBe(MODULES.length);
    expect(new Set(names).size).toBe(MODULES.length);
    expect(DEFAULT_MODULE_NAMES.local).toEqual({ name: 'Site ID', slug: 'siteid' });
  });

  it('gates the beta modules by the spec 1 §3.7 feature ids (b2b_module 2, simplifi_module 3)', () => {
    for (const module of MODULES) {
      const beta = moduleEntry(module).beta;
      if (!beta) continue;
      expect(BETA_FEATURES.find((f) => f.id === beta.featureId)?.slug).toBe(beta.slug);
    }
    expect(MODULE_CATALOGUE.b2b.beta.featureId).toBe(2);
    expect(MODULE_CATALOGUE.simplifi.beta.featureId).toBe(3);
    // A beta module exists only on the master system (product guide §1).
    for (const module of MODULES) {
      if (moduleEntry(module).beta) expect(moduleEntry(module).masterOnly).toBe(true);
    }
  });

  it('prices every lead module, with the costagency keys its wire schema carries', () => {
    for (const module of MODULES) {
      const entry = moduleEntry(module);
      // A module that brings leads is priced per lead; one without lead source is priced per campaign.
      expect(entry.pricing === null).toBe(entry.leadSource === null);
      if (!entry.pricing) continue;
      expect(entry.pricing.clientCostPerLead.length).toBeGreaterThan(0);
      expect(['layer_above', 'none']).toContain(entry.pricing.costPerLeadFloor);
      const wire = agencyCostSchema.shape[module as keyof typeof agencyCostSchema.shape];
      for (const term of ['Weekly', 'Monthly', 'OneTime', 'Prepaid'] as const) {
        expect(Object.keys(wire.shape[term].shape).sort()).toEqual([...entry.pricing.agencyCostKeys].sort());
      }
    }
    expect(Object.keys(agencyCostSchema.shape)).toEqual(COST_MODULES);
    expect(Object.keys(agencyCostInputSchema.shape)).toEqual(COST_MODULES);
  });

  it('lets an agency rename every module, and only those', () => {
    expect(Object.keys(moduleNamesValueSchema.shape)).toEqual(MODULES);
  });

  it('uses only the spec 2 §3 campaign fields, and every one of them somewhere', () => {
    const used = new Set<string>(COMMON_LEADSPEEK_FIELDS);
    for (const module of MODULES) {
      const campaign = moduleEntry(module).campaign;
      const allowed = campaign.entity === 'leadspeek' ? SPEC_LEADSPEEK_FIELDS : SPEC_SIMPLIFI_FIELDS;
      expect(campaign.fields.length).toBeGreaterThan(0);
      for (const field of campaign.fields) {
        expect(allowed).toContain(field);
        if (campaign.entity === 'leadspeek') used.add(field);
      }
      expect(new Set(campaign.fields).size).toBe(campaign.fields.length);
    }
    for (const field of COMMON_LEADSPEEK_FIELDS) expect(SPEC_LEADSPEEK_FIELDS).toContain(field);
    expect([...used].sort()).toEqual([...SPEC_LEADSPEEK_FIELDS].sort());
  });

  it('derives its lists and guards from the entries', () => {
    expect(COST_MODULES).toEqual(['local', 'locator', 'enhance', 'b2b']);
    expect(LEAD_MODULES).toEqual(['local', 'locator', 'enhance', 'b2b']);
    expect(VENDOR_LIST_MODULES).toEqual(['enhance', 'b2b']);
    expect(MASTER_ONLY_MODULES).toEqual(['b2b', 'simplifi']);
    expect(isModuleType('b2b')).toBe(true);
    expect(isModuleType('toString')).toBe(false);
    expect(isModuleType('B2B')).toBe(false);
    expect(isCostModule('simplifi')).toBe(false);
    expect(isCostModule('local')).toBe(true);
    expect(isVendorListModule('enhance')).toBe(true);
    expect(isVendorListModule('local')).toBe(false);
    expect(perModule((module) => module.length)).toEqual({
      local: 5,
      locator: 7,
      enhance: 7,
      b2b: 3,
      simplifi: 8,
    });
  });

  it("carries each module's behaviour, read where a module name was compared (decision 0111)", () => {
    // The ad module stands beside the lead modules: its campaigns are of another kind.
    expect(AD_MODULES).toEqual(['simplifi']);
    expect(isAdModule('simplifi')).toBe(true);
    expect(isAdModule('locator')).toBe(false);
    expect(perModule(campaignEntityOf)).toEqual({
      local: 'leadspeek',
      locator: 'leadspeek',
      enhance: 'leadspeek',
      b2b: 'leadspeek',
      simplifi: 'simplifi',
    });
    expect(AD_PLATFORM_MIRRORED_MODULES).toEqual(['locator']);
    expect(MODULES.filter(isMirroredToAdPlatform)).toEqual(['locator']);
    expect(MODULES.filter(isPixelModule)).toEqual(['local']);
    expect(isPixelModule('unknown')).toBe(false);
    expect(MODULES.filter((m) => hasCampaignField(m, 'locationtarget'))).toEqual(['local']);
    expect(MODULES.filter((m) => hasCampaignField(m, 'locatorkeyword'))).toEqual([
      'locator',
      'enhance',
      'b2b',
    ]);
    expect(MODULES.filter(pricesAdvancedLeads)).toEqual(['local']);
    expect(MODULES.filter(pricesB2bLeads)).toEqual(['b2b']);
    expect(MODULES.filter(sellsBusinessLeads)).toEqual(['b2b']);
    expect(leadInformationOf('nonsense')).toBeNull();
  });

  it('gives the vendor-list modules their advanced-information list, and only them', () => {
    for (const module of MODULES) {
      const information = moduleEntry(module).leadInformation;
      expect(information !== null).toBe(isVendorListModule(module));
      if (!information) continue;
      expect(ADVANCED_INFORMATION_LISTS).toContain(information.list);
      // The list has information types to pick from, and the field is one of the spec's campaign fields.
      expect(Object.keys(INFORMATION_TYPES).some((t) => listOfType(t as never) === information.list)).toBe(
        true,
      );
      expect(SPEC_LEADSPEEK_FIELDS).toContain(information.campaignField);
    }
    expect(new Set(MODULES.map((m) => moduleEntry(m).leadInformation?.list).filter(Boolean)).size).toBe(
      VENDOR_LIST_MODULES.length,
    );
  });
});
