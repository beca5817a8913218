import {
  type CampaignDetail,
  type CampaignModule,
  type CreateCampaignRequest,
  createCampaignRequestSchema,
  DEFAULT_CAMPAIGN_TIME_ZONE,
  isVendorListModule,
  type LeadspeekTargetingField,
  type LOCAL_STATE_MODES,
  moduleEntry,
  type REIDENTIFICATION_VALUES,
  type REPORT_TYPES,
  targetingProblems,
  type UpdateCampaignRequest,
  type UpdateLocalCampaignRequest,
  type UpdateLocatorCampaignRequest,
  updateCampaignRequestSchema,
  updateLocalCampaignRequestSchema,
  updateLocatorCampaignRequestSchema,
  zipLinesOf,
} from '@app/contracts';
import type { CampaignUpdate } from '../../../api/campaigns';
import { inputOf } from '../../../components/feedback/server-errors';

/*
 * The campaign wizard's values and their mapping to the contracts' create and update bodies (spec 2
 * §3 "Campaign (leadspeek)"). Which targeting inputs a module shows comes from the module catalogue's
 * `campaign.fields`; the bodies are checked with the same schemas the server parses.
 */

type TF = 'T' | 'F';
const tf = (on: boolean): TF => (on ? 'T' : 'F');

export interface CampaignFormValues {
  /** The client the campaign belongs to ('' until an agency user picks one). */
  clientID: string;
  campaignName: string;
  /** The company group id as text; '' for none. */
  companyGroupID: string;
  startdatecampaign: string;
  enddatecampaign: string;
  timezone: string;
  // Local (Site ID)
  urlCode: string;
  urlCodeThankyou: string;
  gtminstalled: boolean;
  locationtarget: (typeof LOCAL_STATE_MODES)[number];
  // Locator, enhance, b2b (and local's state list)
  locatorkeyword: string[];
  locatorkeywordcontextual: string[];
  locatorzip: string;
  locatorstate: string[];
  locatorcity: string[];
  nationaltargeting: boolean;
  locatordesc: string;
  locatorrequire: string[];
  listAdvanceInformationId: string[];
  listB2BInformationId: string[];
  // Leads and reports
  reportType: (typeof REPORT_TYPES)[number];
  reportSentTo: string[];
  adminNotifyTo: string[];
  leadsAmountNotification: number;
  requireemailaddress: boolean;
  phoneenabled: boolean;
  homeaddressenabled: boolean;
  reidentificationtype: (typeof REIDENTIFICATION_VALUES)[number];
  applyreidentificationall: boolean;
  clientHidePhone: boolean;
}

export type CampaignFormField = keyof CampaignFormValues;

export function emptyCampaignForm(clientID = ''): CampaignFormValues {
  return {
    clientID,
    campaignName: '',
    companyGroupID: '',
    startdatecampaign: '',
    enddatecampaign: '',
    timezone: DEFAULT_CAMPAIGN_TIME_ZONE,
    urlCode: '',
    urlCodeThankyou: '',
    gtminstalled: false,
    locationtarget: 'include',
    locatorkeyword: [],
    locatorkeywordcontextual: [],
    locatorzip: '',
    locatorstate: [],
    locatorcity: [],
    nationaltargeting: false,
    locatordesc: '',
    locatorrequire: [],
    listAdvanceInformationId: [],
    listB2BInformationId: [],
    reportType: 'CSV',
    reportSentTo: [],
    adminNotifyTo: [],
    leadsAmountNotification: 0,
    requireemailaddress: false,
    phoneenabled: false,
    homeaddressenabled: false,
    reidentificationtype: 'never',
    applyreidentificationall: false,
    clientHidePhone: false,
  };
}

/** The form as a stored campaign fills it (editing). */
export function formOfCampaign(c: CampaignDetail): CampaignFormValues {
  return {
    clientID: String(c.clientID),
    campaignName: c.campaignName,
    companyGroupID: c.companyGroupID > 0 ? String(c.companyGroupID) : '',
    startdatecampaign: c.startdatecampaign,
    enddatecampaign: c.enddatecampaign,
    timezone: c.timezone || DEFAULT_CAMPAIGN_TIME_ZONE,
    urlCode: c.urlCode,
    urlCodeThankyou: c.urlCodeThankyou,
    gtminstalled: c.gtminstalled === 'T',
    locationtarget: c.locationtarget,
    locatorkeyword: c.locatorkeyword,
    locatorkeywordcontextual: c.locatorkeywordcontextual,
    locatorzip: c.locatorzip,
    locatorstate: c.locatorstate,
    locatorcity: c.locatorcity,
    nationaltargeting: c.nationaltargeting === 'T',
    locatordesc: c.locatordesc,
    locatorrequire: c.locatorrequire === '' ? [] : c.locatorrequire.split(','),
    listAdvanceInformationId: c.listAdvanceInformationId,
    listB2BInformationId: c.listB2BInformationId,
    reportType: c.reportType,
    reportSentTo: c.reportSentTo,
    adminNotifyTo: c.adminNotifyTo,
    leadsAmountNotification: c.leadsAmountNotification,
    requireemailaddress: c.requireemailaddress === 'T',
    phoneenabled: c.phoneenabled === 'T',
    homeaddressenabled: c.homeaddressenabled === 'T',
    reidentificationtype: c.reidentificationtype,
    applyreidentificationall: c.applyreidentificationall === 'T',
    clientHidePhone: c.clientHidePhone === 'T',
  };
}

/** The targeting inputs a module's campaign uses (the catalogue's `campaign.fields`). */
export function moduleFields(module: CampaignModule): ReadonlySet<LeadspeekTargetingField> {
  const campaign = moduleEntry(module).campaign;
  return new Set(campaign.entity === 'leadspeek' ? campaign.fields : []);
}

/**
 * The information list a module's campaign picks from: b2b its B2B list (the catalogue names it);
 * the other vendor-list module (enhance) the advanced-information list (the contract's
 * `listAdvanceInformationId`); pixel and mirrored modules none.
 */
export function informationListOf(
  module: CampaignModule,
): 'listB2BInformationId' | 'listAdvanceInformationId' | null {
  if (moduleFields(module).has('listB2BInformationId')) return 'listB2BInformationId';
  return isVendorListModule(module) ? 'listAdvanceInformationId' : null;
}

const whole = (text: string) => (/^\d+$/.test(text) ? Number.parseInt(text, 10) : 0);

function commonBody(v: CampaignFormValues) {
  return {
    campaignName: v.campaignName,
    companyGroupID: whole(v.companyGroupID),
    reportType: v.reportType,
    reportSentTo: v.reportSentTo,
    adminNotifyTo: v.adminNotifyTo,
    leadsAmountNotification: v.leadsAmountNotification,
    clientHidePhone: tf(v.clientHidePhone),
    startdatecampaign: v.startdatecampaign,
    enddatecampaign: v.enddatecampaign,
    timezone: v.timezone,
    phoneenabled: tf(v.phoneenabled),
    homeaddressenabled: tf(v.homeaddressenabled),
    requireemailaddress: tf(v.requireemailaddress),
    reidentificationtype: v.reidentificationtype,
    applyreidentificationall: tf(v.applyreidentificationall),
  } satisfies Partial<UpdateCampaignRequest>;
}

function localBody(v: CampaignFormValues) {
  return {
    urlCode: v.urlCode,
    urlCodeThankyou: v.urlCodeThankyou,
    gtminstalled: tf(v.gtminstalled),
    locatorstate: v.locatorstate,
    locationtarget: v.locationtarget,
  } satisfies Partial<UpdateLocalCampaignRequest>;
}

function targetingBody(v: CampaignFormValues, module: CampaignModule) {
  const fields = moduleFields(module);
  return {
    locatorkeyword: v.locatorkeyword,
    locatorkeywordcontextual: v.locatorkeywordcontextual,
    locatorzip: v.locatorzip,
    locatorstate: v.locatorstate,
    locatorcity: v.locatorcity,
    nationaltargeting: tf(v.nationaltargeting),
    locatordesc: fields.has('locatordesc') ? v.locatordesc : '',
    locatorrequire: fields.has('locatorrequire') ? v.locatorrequire.join(',') : '',
    listAdvanceInformationId:
      informationListOf(module) === 'listAdvanceInformationId' ? v.listAdvanceInformationId : [],
    listB2BInformationId: informationListOf(module) === 'listB2BInformationId' ? v.listB2BInformationId : [],
  } satisfies Partial<UpdateLocatorCampaignRequest>;
}

/** `POST /leadspeek/client/create` for this module: the common fields and the module's own. */
export function createRequestOf(v: CampaignFormValues, module: CampaignModule): CreateCampaignRequest {
  return {
    leadspeekType: module,
    clientID: whole(v.clientID),
    ...commonBody(v),
    ...(module === 'local' ? localBody(v) : targetingBody(v, module)),
  };
}

/** An edit is two updates: the common fields, then the module's part (local site or targeting). */
export function updateRequestsOf(
  v: CampaignFormValues,
  module: CampaignModule,
  leadspeekID: number,
): CampaignUpdate[] {
  const common: CampaignUpdate = { part: 'common', body: { leadspeekID, ...commonBody(v) } };
  return module === 'local'
    ? [common, { part: 'local', body: { leadspeekID, ...localBody(v) } }]
    : [common, { part: 'locator', body: { leadspeekID, ...targetingBody(v, module) } }];
}

// ---------------------------------------------------------------------------------------------
// Steps and errors
// ---------------------------------------------------------------------------------------------

export const WIZARD_STEPS = ['campaign', 'targeting', 'leads', 'prices'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_FIELDS: Record<Exclude<WizardStep, 'prices'>, readonly CampaignFormField[]> = {
  campaign: [
    'clientID',
    'campaignName',
    'companyGroupID',
    'startdatecampaign',
    'enddatecampaign',
    'timezone',
  ],
  targeting: [
    'urlCode',
    'urlCodeThankyou',
    'gtminstalled',
    'locationtarget',
    'locatorkeyword',
    'locatorkeywordcontextual',
    'locatorzip',
    'locatorstate',
    'locatorcity',
    'nationaltargeting',
    'locatordesc',
    'locatorrequire',
    'listAdvanceInformationId',
    'listB2BInformationId',
  ],
  leads: [
    'reportType',
    'reportSentTo',
    'adminNotifyTo',
    'leadsAmountNotification',
    'requireemailaddress',
    'phoneenabled',
    'homeaddressenabled',
    'reidentificationtype',
    'applyreidentificationall',
    'clientHidePhone',
  ],
};

export type CampaignFormErrors = Partial<Record<CampaignFormField, string>>;

/** Server and schema field names → the form's inputs (`leadspeekType` is about the client's modules). */
export const CAMPAIGN_FIELD_OF: Readonly<Record<string, CampaignFormField>> = {
  ...Object.fromEntries(Object.values(STEP_FIELDS).flatMap((fields) => fields.map((f) => [f, f]))),
  leadspeekType: 'clientID',
  leadspeekID: 'campaignName',
};

/** The step that shows an input. */
export function stepOfField(field: CampaignFormField): WizardStep {
  for (const step of ['campaign', 'targeting', 'leads'] as const)
    if (STEP_FIELDS[step].includes(field)) return step;
  return 'campaign';
}

/** The first step (in order) that has an error, or null. */
export function firstStepWithError(errors: CampaignFormErrors): WizardStep | null {
  for (const step of ['campaign', 'targeting', 'leads'] as const)
    if (STEP_FIELDS[step].some((field) => errors[field])) return step;
  return null;
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

function issuesToErrors(issues: readonly Issue[]): CampaignFormErrors {
  const errors: CampaignFormErrors = {};
  for (const issue of issues) {
    const field = inputOf(issue.path.map(String).join('.'), CAMPAIGN_FIELD_OF);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/** The contracts' targeting rule over the form as it stands (the server applies the same one). */
function targetingErrors(v: CampaignFormValues, module: CampaignModule): CampaignFormErrors {
  return targetingProblems(module, {
    national: v.nationaltargeting,
    zips: zipLinesOf(v.locatorzip).length,
    states: v.locatorstate.length,
    cities: v.locatorcity.length,
    keywords: v.locatorkeyword.length,
  });
}

export type CheckedCampaign<R> = { ok: true; requests: R } | { ok: false; errors: CampaignFormErrors };

/** The create body, checked with the contracts' schema; an agency user must pick a client first. */
export function checkCreate(
  v: CampaignFormValues,
  module: CampaignModule,
): CheckedCampaign<CreateCampaignRequest> {
  const request = createRequestOf(v, module);
  const checked = createCampaignRequestSchema.safeParse(request);
  const errors = {
    ...targetingErrors(v, module),
    ...(checked.success ? {} : issuesToErrors(checked.error.issues)),
  };
  if (request.clientID < 1) errors.clientID = CHOOSE_CLIENT;
  return Object.keys(errors).length === 0 ? { ok: true, requests: request } : { ok: false, errors };
}

export const CHOOSE_CLIENT = 'Choose a client.';

/** The edit's two bodies, each checked with its schema. */
export function checkUpdate(
  v: CampaignFormValues,
  module: CampaignModule,
  leadspeekID: number,
): CheckedCampaign<CampaignUpdate[]> {
  const requests = updateRequestsOf(v, module, leadspeekID);
  const errors: CampaignFormErrors = targetingErrors(v, module);
  for (const update of requests) {
    const schema =
      update.part === 'common'
        ? updateCampaignRequestSchema
        : update.part === 'local'
          ? updateLocalCampaignRequestSchema
          : updateLocatorCampaignRequestSchema;
    const checked = schema.safeParse(update.body);
    if (!checked.success) Object.assign(errors, { ...issuesToErrors(checked.error.issues), ...errors });
  }
  return Object.keys(errors).length === 0 ? { ok: true, requests } : { ok: false, errors };
}

/** Only the errors of one step (Next checks the step it leaves). */
export function errorsOfStep(errors: CampaignFormErrors, step: WizardStep): CampaignFormErrors {
  if (step === 'prices') return {};
  return Object.fromEntries(STEP_FIELDS[step].flatMap((f) => (errors[f] ? [[f, errors[f]]] : [])));
}
