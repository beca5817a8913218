import {
  asCents,
  asMicros,
  BUDGET_REQUIRED,
  type Cents,
  type CreateSimplifiCampaignRequest,
  centsFromWire,
  centsToDollars,
  createSimplifiCampaignRequestSchema,
  DAILY_BUDGET_BELOW_MINIMUM,
  DEFAULT_CAMPAIGN_TIME_ZONE,
  MAX_BID_BELOW_MINIMUM,
  type Micros,
  MONTHLY_BELOW_DAILY,
  microsFromWire,
  microsToDollars,
  type SimplifiCampaignDetail,
  type SimplifiGoalType,
  simplifiCostModuleRequestSchema,
  updateSimplifiCampaignRequestSchema,
} from '@app/contracts';
import { inputOf } from '../../../components/feedback/server-errors';

/*
 * The Simplifi campaign wizard's values and their mapping to the contracts' bodies (spec 2 §3
 * "Simplifi (ad-platform) campaign", §7): `POST /leadspeek/simplifi` for a new campaign; for an edit
 * `PUT /leadspeek/simplifi/{id}` (name, dates, time zone, click URL) and `PUT .../costmodule` (the
 * budget). Every body is checked with the schema the server parses, and the budget against the
 * system's minimums (`minvaluesimplifi`) in the contracts' words, before anything is sent.
 */

export interface SimplifiFormValues {
  /** The client the campaign advertises for ('' until an agency user picks one). */
  clientID: string;
  campaignName: string;
  startdatecampaign: string;
  enddatecampaign: string;
  timezone: string;
  clickUrl: string;
  /** The most paid per thousand impressions. */
  maxBid: Micros;
  monthlyBudget: Cents;
  dailyBudget: Cents;
  goalType: SimplifiGoalType;
  /** A plain decimal: a price for cpm / cpc / cpa, a percent for ctr. */
  goalValue: string;
  /** Whole percent the agency keeps of what the client pays (agency staff only). */
  agencyMarkup: number;
}

export type SimplifiFormField = keyof SimplifiFormValues;
export type SimplifiFormErrors = Partial<Record<SimplifiFormField, string>>;

/** The system's Simplifi minimums as the wire answers them ('0' = none). */
export interface SimplifiMinimumTexts {
  maxBid: string;
  dailyBudget: string;
}

export function emptySimplifiForm(clientID = ''): SimplifiFormValues {
  return {
    clientID,
    campaignName: '',
    startdatecampaign: '',
    enddatecampaign: '',
    timezone: DEFAULT_CAMPAIGN_TIME_ZONE,
    clickUrl: '',
    maxBid: asMicros(0),
    monthlyBudget: asCents(0),
    dailyBudget: asCents(0),
    goalType: 'cpm',
    goalValue: '0',
    agencyMarkup: 0,
  };
}

/** The form as a stored campaign fills it (editing). */
export function formOfSimplifi(c: SimplifiCampaignDetail): SimplifiFormValues {
  return {
    clientID: String(c.clientID),
    campaignName: c.campaignName,
    startdatecampaign: c.startdatecampaign,
    enddatecampaign: c.enddatecampaign,
    timezone: c.timezone || DEFAULT_CAMPAIGN_TIME_ZONE,
    clickUrl: c.clickUrl,
    maxBid: microsFromWire(c.maxBid) ?? asMicros(0),
    monthlyBudget: centsFromWire(c.monthlyBudget) ?? asCents(0),
    dailyBudget: centsFromWire(c.dailyBudget) ?? asCents(0),
    goalType: c.goalType,
    goalValue: c.goalValue,
    agencyMarkup: c.agencyMarkup,
  };
}

const whole = (text: string) => (/^\d+$/.test(text) ? Number.parseInt(text, 10) : 0);

function budgetBody(v: SimplifiFormValues) {
  return {
    maxBid: microsToDollars(v.maxBid),
    monthlyBudget: centsToDollars(v.monthlyBudget),
    dailyBudget: centsToDollars(v.dailyBudget),
    goalType: v.goalType,
    goalValue: v.goalValue,
    agencyMarkup: v.agencyMarkup,
  };
}

/** `POST /leadspeek/simplifi`. */
export function createSimplifiRequestOf(v: SimplifiFormValues): CreateSimplifiCampaignRequest {
  return {
    clientID: whole(v.clientID),
    campaignName: v.campaignName,
    startdatecampaign: v.startdatecampaign,
    enddatecampaign: v.enddatecampaign,
    timezone: v.timezone,
    clickUrl: v.clickUrl.trim(),
    ...budgetBody(v),
  };
}

/** `PUT /leadspeek/simplifi/{id}`: what the campaign step edits. */
export function updateSimplifiRequestOf(v: SimplifiFormValues) {
  return {
    campaignName: v.campaignName,
    startdatecampaign: v.startdatecampaign,
    enddatecampaign: v.enddatecampaign,
    timezone: v.timezone,
    clickUrl: v.clickUrl.trim(),
  };
}
export type UpdateSimplifiRequest = ReturnType<typeof updateSimplifiRequestOf>;

/** `PUT /leadspeek/simplifi/costmodule`: the budget. */
export function costModuleRequestOf(v: SimplifiFormValues, leadspeekID: number) {
  return { leadspeekID, ...budgetBody(v) };
}
export type SimplifiCostModuleRequest = ReturnType<typeof costModuleRequestOf>;

// ---------------------------------------------------------------------------------------------
// Steps and errors
// ---------------------------------------------------------------------------------------------

export const SIMPLIFI_STEPS = ['campaign', 'budget', 'ads', 'audiences'] as const;
export type SimplifiStep = (typeof SIMPLIFI_STEPS)[number];

export const SIMPLIFI_STEP_LABELS: Record<SimplifiStep, string> = {
  campaign: 'Campaign',
  budget: 'Budget',
  ads: 'Ads',
  audiences: 'Audiences',
};

const STEP_FIELDS: Record<'campaign' | 'budget', readonly SimplifiFormField[]> = {
  campaign: ['clientID', 'campaignName', 'startdatecampaign', 'enddatecampaign', 'timezone', 'clickUrl'],
  budget: ['maxBid', 'monthlyBudget', 'dailyBudget', 'goalType', 'goalValue', 'agencyMarkup'],
};

/** Server and schema field names → the form's inputs. */
export const SIMPLIFI_FIELD_OF: Readonly<Record<string, SimplifiFormField>> = {
  ...Object.fromEntries(Object.values(STEP_FIELDS).flatMap((fields) => fields.map((f) => [f, f]))),
  leadspeekID: 'campaignName',
};

/** The first step (in order) that has an error, or null. */
export function firstSimplifiStepWithError(errors: SimplifiFormErrors): SimplifiStep | null {
  for (const step of ['campaign', 'budget'] as const)
    if (STEP_FIELDS[step].some((field) => errors[field])) return step;
  return null;
}

/** Only the errors of one step (Next checks the step it leaves). */
export function errorsOfSimplifiStep(errors: SimplifiFormErrors, step: SimplifiStep): SimplifiFormErrors {
  if (step !== 'campaign' && step !== 'budget') return {};
  return Object.fromEntries(STEP_FIELDS[step].flatMap((f) => (errors[f] ? [[f, errors[f]]] : [])));
}

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

function issuesToErrors(issues: readonly Issue[]): SimplifiFormErrors {
  const errors: SimplifiFormErrors = {};
  for (const issue of issues) {
    const field = inputOf(issue.path.map(String).join('.'), SIMPLIFI_FIELD_OF);
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * The budget's own rules in the contracts' texts: a budget above $0, the monthly at least the
 * daily, and the system's minimums for the max bid and the daily budget.
 */
export function budgetErrors(
  v: SimplifiFormValues,
  minimums: SimplifiMinimumTexts | null,
): SimplifiFormErrors {
  const errors: SimplifiFormErrors = {};
  if (v.dailyBudget <= 0) errors.dailyBudget = BUDGET_REQUIRED;
  if (v.monthlyBudget <= 0) errors.monthlyBudget = BUDGET_REQUIRED;
  else if (v.monthlyBudget < v.dailyBudget) errors.monthlyBudget = MONTHLY_BELOW_DAILY;
  const minBid = minimums ? microsFromWire(minimums.maxBid) : null;
  if (minBid !== null && minBid > 0 && v.maxBid < minBid)
    errors.maxBid = MAX_BID_BELOW_MINIMUM(minimums?.maxBid ?? '');
  const minDaily = minimums ? centsFromWire(minimums.dailyBudget) : null;
  if (minDaily !== null && minDaily > 0 && v.dailyBudget > 0 && v.dailyBudget < minDaily)
    errors.dailyBudget = DAILY_BUDGET_BELOW_MINIMUM(minimums?.dailyBudget ?? '');
  return errors;
}

export const CHOOSE_CLIENT = 'Choose a client.';

export type Checked<R> = { ok: true; request: R } | { ok: false; errors: SimplifiFormErrors };

const outcome = <R>(request: R, errors: SimplifiFormErrors): Checked<R> =>
  Object.keys(errors).length === 0 ? { ok: true, request } : { ok: false, errors };

/** The create body, checked with the contracts' schema and the minimums; agency users pick a client. */
export function checkSimplifiCreate(
  v: SimplifiFormValues,
  minimums: SimplifiMinimumTexts | null,
): Checked<CreateSimplifiCampaignRequest> {
  const request = createSimplifiRequestOf(v);
  const checked = createSimplifiCampaignRequestSchema.safeParse(request);
  const errors = {
    ...(checked.success ? {} : issuesToErrors(checked.error.issues)),
    ...budgetErrors(v, minimums),
  };
  if (request.clientID < 1) errors.clientID = CHOOSE_CLIENT;
  return outcome(request, errors);
}

/** The edit's campaign body (its schema). */
export function checkSimplifiUpdate(v: SimplifiFormValues): Checked<UpdateSimplifiRequest> {
  const request = updateSimplifiRequestOf(v);
  const checked = updateSimplifiCampaignRequestSchema.safeParse(request);
  return outcome(request, checked.success ? {} : issuesToErrors(checked.error.issues));
}

/** The edit's budget body (its schema and the minimums). */
export function checkSimplifiBudget(
  v: SimplifiFormValues,
  leadspeekID: number,
  minimums: SimplifiMinimumTexts | null,
): Checked<SimplifiCostModuleRequest> {
  const request = costModuleRequestOf(v, leadspeekID);
  const checked = simplifiCostModuleRequestSchema.safeParse(request);
  return outcome(request, {
    ...(checked.success ? {} : issuesToErrors(checked.error.issues)),
    ...budgetErrors(v, minimums),
  });
}

/** Every error of the form as it stands (Next uses the step's share of it). */
export function simplifiFormErrors(
  v: SimplifiFormValues,
  minimums: SimplifiMinimumTexts | null,
  editing: boolean,
): SimplifiFormErrors {
  if (!editing) {
    const checked = checkSimplifiCreate(v, minimums);
    return checked.ok ? {} : checked.errors;
  }
  const update = checkSimplifiUpdate(v);
  const budget = checkSimplifiBudget(v, 1, minimums);
  return { ...(budget.ok ? {} : budget.errors), ...(update.ok ? {} : update.errors) };
}

/**
 * A running campaign whose daily budget goes up is charged for the rest of its period first
 * (`check-budget-increase`, then `charge-campaign-by-remaining-days`); the rest of the budget is
 * saved after that.
 */
export function raisesRunningDaily(
  stored: Pick<SimplifiCampaignDetail, 'status' | 'dailyBudget'>,
  v: Pick<SimplifiFormValues, 'dailyBudget'>,
): boolean {
  const current = centsFromWire(stored.dailyBudget);
  return stored.status === 'running' && current !== null && v.dailyBudget > current;
}
