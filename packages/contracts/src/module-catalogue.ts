/**
 * The catalogue of campaign modules (issue 11, decision 0041): one entry per module, read by the
 * server, the web app, the pricing and lead-engine packages and the seed. Adding a module is one
 * entry here plus its adapter (lead source); every list of modules elsewhere is derived from this.
 *
 * Imports nothing at run time so that `tenancy.ts` and `settings.ts` can derive their lists from it.
 */

/** How a module's leads arrive (product guide §2); null: the module brings no leads (the ad platform). */
export type LeadSource = 'pixel' | 'vendor_list' | 'ad_platform_mirror';

/** Pages a module can have under its slug (spec 1 §2.3), in menu order. */
export const MODULE_PAGES = [
  'dashboard',
  'campaign-management',
  'campaign-management-v1',
  'leads-management',
] as const;
export type ModulePage = (typeof MODULE_PAGES)[number];

/** The agency cost settings (`costagency`) keys of one module × payment term (spec 2 §3 Pricing). */
export type AgencyCostKey = 'PlatformFee' | 'MinCostMonth' | 'Costperlead' | 'LeadspeekCostperleadAdvanced';

/** The client cost module's per-lead fields (spec 2 §3 Pricing; decision 0037 §4). */
export type ClientCostPerLeadField = 'CostSet' | 'CostSetAdvanced' | 'CostSetB2b';

/**
 * The cost-per-lead floor of a module, applied per payment term (spec 2 §5): `layer_above` — a price
 * may not go below the layer above's cost per lead for the same term (the root's for an agency, the
 * agency's wholesale for a client); `none` — no floor.
 */
export type CostPerLeadFloorRule = 'layer_above' | 'none';

/** The campaign fields of spec 2 §3 "Campaign (leadspeek)" that not every lead module uses. */
export type LeadspeekTargetingField =
  | 'urlCode'
  | 'urlCodeThankyou'
  | 'gtminstalled'
  | 'locatorzip'
  | 'locatordesc'
  | 'locatorkeyword'
  | 'locatorkeywordcontextual'
  | 'locatorstate'
  | 'locatorcity'
  | 'locatorrequire'
  | 'nationaltargeting'
  | 'locationtarget'
  | 'phoneenabled'
  | 'homeaddressenabled'
  | 'requireemailaddress'
  | 'listAdvanceInformationId'
  | 'listB2BInformationId';

/** The spec 2 §3 campaign fields every lead module's campaign carries. */
export const COMMON_LEADSPEEK_FIELDS = [
  'leadspeekID',
  'leadspeek_api_id',
  'campaignName',
  'leadspeekType',
  'reportType',
  'reportSentTo',
  'adminNotifyTo',
  'leadsAmountNotification',
  'enableMinimumLimitLeads',
  'minimumLimitLeads',
  'companyGroupID',
  'clientOrganizationID',
  'clientCampaignID',
  'clientHidePhone',
  'startdatecampaign',
  'enddatecampaign',
  'reidentificationtype',
  'applyreidentificationall',
  'campaign_information_type',
  'answers',
  'timezone',
] as const;

/** The budget fields of spec 2 §3 "Simplifi (ad-platform) campaign". */
export type SimplifiBudgetField =
  | 'maxBid'
  | 'monthlyBudget'
  | 'dailyBudget'
  | 'goalValue'
  | 'goalType'
  | 'agencyMarkup'
  | 'remainingDays'
  | 'totalSpend';

/** A system-wide minimum a module's campaigns must respect (spec 2 §7 "Pricing, settings and domains"). */
export interface ModuleMinimum {
  /** The stored setting (the root company's `simplifiminimums` form). */
  setting: 'enhanceMinLeadsPerDay' | 'simplifiMaxBid' | 'simplifiDailyBudget';
  /** The call the campaign form reads it from. */
  readBy: '/configuration/setting/minleaddayenhance' | '/configuration/setting/minvaluesimplifi';
  unit: 'leads_per_day' | 'micros' | 'cents';
}

export interface ModulePricing {
  /** `costagency` keys per payment term (every term has the same keys). */
  agencyCostKeys: readonly AgencyCostKey[];
  /** The client cost module's per-lead fields for this module's leads. */
  clientCostPerLead: readonly ClientCostPerLeadField[];
  costPerLeadFloor: CostPerLeadFloorRule;
}

export type ModuleCampaign =
  | {
      entity: 'leadspeek';
      /** Fields beyond `COMMON_LEADSPEEK_FIELDS` that this module's campaigns use. */
      fields: readonly LeadspeekTargetingField[];
    }
  | { entity: 'simplifi'; fields: readonly SimplifiBudgetField[] };

/**
 * The kind of a module's campaigns (its `campaign.entity`): `leadspeek`, a lead campaign priced per
 * lead; `simplifi`, an ad-platform campaign priced by its budgets. What activating one charges, and
 * which module runs it, follow the kind (decision 0111).
 */
export type CampaignEntity = ModuleCampaign['entity'];

/**
 * The advanced information a module's campaigns may ask the data vendor to add (decision 0093):
 * the vendor list it picks from and the campaign field (`module_options`) keeping the picks.
 */
export interface ModuleLeadInformation {
  list: 'consumer' | 'b2b';
  campaignField: 'listAdvanceInformationId' | 'listB2BInformationId';
}

export interface ModuleEntry {
  /** The name and URL slug a module has until an agency renames it (spec 1 §2.3, `modulenames`). */
  defaultName: string;
  defaultSlug: string;
  /** Offered only on the master system (product guide §1). */
  masterOnly: boolean;
  /** The beta feature (spec 1 §3.7 id and slug) that gates the module for agencies; null: none. */
  beta: { featureId: number; slug: 'b2b_module' | 'simplifi_module' } | null;
  leadSource: LeadSource | null;
  /** null: its campaigns pick no advanced information. */
  leadInformation: ModuleLeadInformation | null;
  /** null: priced per campaign (budgets), no agency cost settings. */
  pricing: ModulePricing | null;
  minimums: readonly ModuleMinimum[];
  campaign: ModuleCampaign;
  /** The sidebar entry: its label is the module's name (the agency's, else `defaultName`). */
  menu: { pages: readonly ModulePage[] };
}

const STANDARD_COST_KEYS = ['PlatformFee', 'MinCostMonth', 'Costperlead'] as const;
const GEOGRAPHY = ['locatorzip', 'locatorstate', 'locatorcity', 'nationaltargeting'] as const;
const KEYWORDS = ['locatorkeyword', 'locatorkeywordcontextual'] as const;
const REQUIREMENTS = ['phoneenabled', 'homeaddressenabled', 'requireemailaddress'] as const;

/** The catalogue, in the fixed module order (menus, lists and tie-breaks follow it). */
export const MODULE_CATALOGUE = {
  local: {
    defaultName: 'Site ID',
    defaultSlug: 'siteid',
    masterOnly: false,
    beta: null,
    leadSource: 'pixel',
    leadInformation: null,
    pricing: {
      agencyCostKeys: [...STANDARD_COST_KEYS, 'LeadspeekCostperleadAdvanced'],
      clientCostPerLead: ['CostSet', 'CostSetAdvanced'],
      costPerLeadFloor: 'none',
    },
    minimums: [],
    campaign: {
      entity: 'leadspeek',
      // The pixel's page URLs and GTM flag; the state list with include / exclude (decision 0037 §2.3).
      fields: [
        'urlCode',
        'urlCodeThankyou',
        'gtminstalled',
        'locatorstate',
        'locationtarget',
        'listAdvanceInformationId',
      ],
    },
    menu: { pages: MODULE_PAGES },
  },
  locator: {
    defaultName: 'Search ID',
    defaultSlug: 'searchid',
    masterOnly: false,
    beta: null,
    leadSource: 'ad_platform_mirror',
    leadInformation: null,
    pricing: { agencyCostKeys: STANDARD_COST_KEYS, clientCostPerLead: ['CostSet'], costPerLeadFloor: 'none' },
    minimums: [],
    campaign: { entity: 'leadspeek', fields: [...KEYWORDS, 'locatordesc', ...GEOGRAPHY, 'locatorrequire'] },
    menu: { pages: MODULE_PAGES },
  },
  enhance: {
    defaultName: 'Enhance ID',
    defaultSlug: 'enhanceid',
    masterOnly: false,
    beta: null,
    leadSource: 'vendor_list',
    leadInformation: { list: 'consumer', campaignField: 'listAdvanceInformationId' },
    pricing: {
      agencyCostKeys: STANDARD_COST_KEYS,
      clientCostPerLead: ['CostSet'],
      costPerLeadFloor: 'layer_above',
    },
    minimums: [
      {
        setting: 'enhanceMinLeadsPerDay',
        readBy: '/configuration/setting/minleaddayenhance',
        unit: 'leads_per_day',
      },
    ],
    campaign: { entity: 'leadspeek', fields: [...KEYWORDS, ...GEOGRAPHY, ...REQUIREMENTS] },
    menu: { pages: MODULE_PAGES },
  },
  b2b: {
    defaultName: 'B2B ID',
    defaultSlug: 'b2bid',
    masterOnly: true,
    beta: { featureId: 2, slug: 'b2b_module' },
    leadSource: 'vendor_list',
    leadInformation: { list: 'b2b', campaignField: 'listB2BInformationId' },
    pricing: {
      agencyCostKeys: STANDARD_COST_KEYS,
      clientCostPerLead: ['CostSetB2b'],
      costPerLeadFloor: 'layer_above',
    },
    minimums: [],
    campaign: {
      entity: 'leadspeek',
      fields: [...KEYWORDS, ...GEOGRAPHY, ...REQUIREMENTS, 'listB2BInformationId'],
    },
    menu: { pages: MODULE_PAGES },
  },
  simplifi: {
    defaultName: 'Simplifi ID',
    defaultSlug: 'simplifiid',
    masterOnly: true,
    beta: { featureId: 3, slug: 'simplifi_module' },
    leadSource: null,
    leadInformation: null,
    pricing: null,
    minimums: [
      { setting: 'simplifiMaxBid', readBy: '/configuration/setting/minvaluesimplifi', unit: 'micros' },
      { setting: 'simplifiDailyBudget', readBy: '/configuration/setting/minvaluesimplifi', unit: 'cents' },
    ],
    campaign: {
      entity: 'simplifi',
      fields: ['maxBid', 'monthlyBudget', 'dailyBudget', 'goalValue', 'goalType', 'agencyMarkup'],
    },
    // The ad platform has only campaign management (spec 1 §2.3).
    menu: { pages: ['campaign-management'] },
  },
} as const satisfies Record<string, ModuleEntry>;

type Catalogue = typeof MODULE_CATALOGUE;
export type ModuleType = keyof Catalogue;

/** Every module key, in catalogue order (a tuple type for `z.enum` and `pgEnum`). */
export const MODULES = Object.keys(MODULE_CATALOGUE) as [ModuleType, ...ModuleType[]];

/** The catalogue entry of a module, typed as the general entry shape. */
export const moduleEntry = (module: ModuleType): ModuleEntry => MODULE_CATALOGUE[module];

type KeysWhere<Condition> = {
  [K in ModuleType]: Catalogue[K] extends Condition ? K : never;
}[ModuleType];

/** Modules with agency cost settings; simplifi is priced per campaign. */
export type CostModule = KeysWhere<{ pricing: ModulePricing }>;
/** Modules that bring leads through the pipeline. */
export type LeadModule = KeysWhere<{ leadSource: LeadSource }>;
/** Modules whose campaigns are the ad platform's display campaigns (budgets, no leads). */
export type AdModule = KeysWhere<{ campaign: { entity: 'simplifi' } }>;
/** Modules whose leads come from a data vendor's daily list. */
export type VendorListModule = KeysWhere<{ leadSource: 'vendor_list' }>;
/** Modules whose campaigns target keywords (their keyword counts and the keywords applied to them). */
export type KeywordModule = {
  [K in ModuleType]: Catalogue[K]['campaign'] extends { fields: readonly (infer F)[] }
    ? 'locatorkeyword' extends F
      ? K
      : never
    : never;
}[ModuleType];

const modulesWhere = <K extends ModuleType>(test: (entry: ModuleEntry) => boolean) =>
  MODULES.filter((module) => test(moduleEntry(module))) as K[];

export const COST_MODULES: readonly CostModule[] = modulesWhere<CostModule>((e) => e.pricing !== null);
export const LEAD_MODULES: readonly LeadModule[] = modulesWhere<LeadModule>((e) => e.leadSource !== null);
export const VENDOR_LIST_MODULES: readonly VendorListModule[] = modulesWhere<VendorListModule>(
  (e) => e.leadSource === 'vendor_list',
);
export const KEYWORD_MODULES: readonly KeywordModule[] = modulesWhere<KeywordModule>(
  (e) =>
    e.campaign.entity === 'leadspeek' && (e.campaign.fields as readonly string[]).includes('locatorkeyword'),
);
export const AD_MODULES: readonly AdModule[] = modulesWhere<AdModule>(
  (e) => e.campaign.entity === 'simplifi',
);
/** Modules whose campaigns are mirrored to the ad platform, their leads coming back from it (decision 0051). */
export const AD_PLATFORM_MIRRORED_MODULES: readonly LeadModule[] = modulesWhere<LeadModule>(
  (e) => e.leadSource === 'ad_platform_mirror',
);
/** Modules that exist only for agencies on the master system (product guide §1). */
export const MASTER_ONLY_MODULES: readonly ModuleType[] = modulesWhere((e) => e.masterOnly);

export const isModuleType = (value: string): value is ModuleType => Object.hasOwn(MODULE_CATALOGUE, value);
export const isCostModule = (value: string): value is CostModule =>
  isModuleType(value) && moduleEntry(value).pricing !== null;
export const isAdModule = (value: string): value is AdModule =>
  isModuleType(value) && moduleEntry(value).campaign.entity === 'simplifi';
export const isMirroredToAdPlatform = (value: string): boolean =>
  isModuleType(value) && moduleEntry(value).leadSource === 'ad_platform_mirror';
/** The module's leads come from the pixel on the client's site (its campaign has a site and an embed code). */
export const isPixelModule = (value: string): boolean =>
  isModuleType(value) && moduleEntry(value).leadSource === 'pixel';
/** The module's campaigns use this targeting field (spec 2 §3, the catalogue's `campaign.fields`). */
export const hasCampaignField = (module: ModuleType, field: LeadspeekTargetingField): boolean => {
  const { campaign } = moduleEntry(module);
  return campaign.entity === 'leadspeek' && (campaign.fields as readonly string[]).includes(field);
};
/** The module prices leads with advanced information apart (its client cost module has `CostSetAdvanced`). */
export const pricesAdvancedLeads = (module: string): boolean =>
  isModuleType(module) &&
  (moduleEntry(module).pricing?.clientCostPerLead.includes('CostSetAdvanced') ?? false);
/** The module's leads are priced at the client's cost per B2B lead (`CostSetB2b`). */
export const pricesB2bLeads = (module: string): boolean =>
  isModuleType(module) && (moduleEntry(module).pricing?.clientCostPerLead.includes('CostSetB2b') ?? false);
/** The advanced information a module's campaigns pick, or null (decision 0093). */
export const leadInformationOf = (module: string): ModuleLeadInformation | null =>
  isModuleType(module) ? moduleEntry(module).leadInformation : null;
/** The module's leads are businesses' people (the vendor's business list), not consumers. */
export const sellsBusinessLeads = (module: string): boolean =>
  leadInformationOf(module)?.campaignField === 'listB2BInformationId';
/** The kind of a module's campaigns (what activating one charges, decision 0111). */
export const campaignEntityOf = (module: ModuleType): CampaignEntity => moduleEntry(module).campaign.entity;
export const isVendorListModule = (value: string): value is VendorListModule =>
  isModuleType(value) && moduleEntry(value).leadSource === 'vendor_list';

/** A record with one value per module, built from the catalogue (so no module can be missing). */
export function perModule<T>(valueFor: (module: ModuleType, entry: ModuleEntry) => T): Record<ModuleType, T> {
  return Object.fromEntries(
    MODULES.map((module) => [module, valueFor(module, moduleEntry(module))]),
  ) as Record<ModuleType, T>;
}

/** The default display name and slug of every module. */
export const DEFAULT_MODULE_NAMES = perModule((_, entry) => ({
  name: entry.defaultName,
  slug: entry.defaultSlug,
}));
