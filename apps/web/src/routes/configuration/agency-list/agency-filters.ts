import {
  AGENCY_LIST_FILTERS,
  type AgencyListFilter,
  LIST_CAMPAIGN_STATUSES,
  LIST_CARD_STATUSES,
  LIST_EXCLUSIONS,
  type ListCampaignStatus,
  type ListCardStatus,
  type ListExclusion,
  type SessionUser,
} from '@app/contracts';
import { agencyListFilters } from '@app/policy';

/** The policy's filter names and the list call's `Filters` values (spec 2 §2 filter popover). */
const FILTER_OF_POLICY: Record<string, AgencyListFilter> = {
  'direct-payment': 'directpayment',
  'payment-failed': 'paymentfailed',
  'api-key-generated': 'apikey',
  'developer-mode-enabled': 'developermode',
};

export const FILTER_LABELS: Record<AgencyListFilter, string> = {
  directpayment: 'Direct Payment',
  paymentfailed: 'Payment Failed',
  apikey: 'API Key Generated',
  developermode: 'Developer Mode Enabled',
};

/** The filters this viewer is offered: the API ones only for the root company of the system. */
export function offeredFilters(viewer: SessionUser): AgencyListFilter[] {
  return agencyListFilters(viewer).flatMap((name) => {
    const filter = FILTER_OF_POLICY[name];
    return filter ? [filter] : [];
  });
}

const PARAM = 'filters';

/** The chosen filters from the URL, in their canonical order, limited to what the viewer is offered. */
export function readFilters(
  params: URLSearchParams,
  offered: readonly AgencyListFilter[],
): AgencyListFilter[] {
  const chosen = new Set((params.get(PARAM) ?? '').split(','));
  return AGENCY_LIST_FILTERS.filter((filter) => chosen.has(filter) && offered.includes(filter));
}

/** Writes the chosen filters into a copy of the URL query (none: the parameter is left out). */
export function writeFilters(params: URLSearchParams, filters: readonly AgencyListFilter[]): URLSearchParams {
  const next = new URLSearchParams(params);
  const ordered = AGENCY_LIST_FILTERS.filter((filter) => filters.includes(filter));
  if (ordered.length === 0) next.delete(PARAM);
  else next.set(PARAM, ordered.join(','));
  return next;
}

/** Ticks or unticks one filter. */
export function toggleFilter(
  filters: readonly AgencyListFilter[],
  filter: AgencyListFilter,
  on: boolean,
): AgencyListFilter[] {
  const rest = filters.filter((f) => f !== filter);
  return on ? [...rest, filter] : rest;
}

/*
 * Card Status, Campaign Status and the exclusion switches (decision 0094): what else narrows the
 * agency list, kept in the URL beside the ticked filters (`card`, `campaigns`, `exclude`).
 */

export const CARD_STATUS_LABELS: Record<ListCardStatus, string> = {
  all: 'All',
  with: 'With card',
  without: 'Without card',
};
export const CAMPAIGN_STATUS_LABELS: Record<ListCampaignStatus, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};
export const EXCLUSION_LABELS: Record<ListExclusion, string> = {
  minimumspend: 'Excluded from Minimum Spend',
  onboardcharge: 'Excluded from Onboarding Charge',
};

/** The exclusion switches are the root company's (spec 2 §6), as the API filters are. */
export function offeredExclusions(offered: readonly AgencyListFilter[]): ListExclusion[] {
  return offered.includes('apikey') ? [...LIST_EXCLUSIONS] : [];
}

export interface AgencyNarrowing {
  card: ListCardStatus;
  campaigns: ListCampaignStatus;
  exclude: ListExclusion[];
}

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** The card, campaign and exclusion choices from the URL; unknown values read as none. */
export function readNarrowing(
  params: URLSearchParams,
  exclusions: readonly ListExclusion[],
): AgencyNarrowing {
  const chosen = new Set((params.get('exclude') ?? '').split(','));
  return {
    card: oneOf(LIST_CARD_STATUSES, params.get('card'), 'all'),
    campaigns: oneOf(LIST_CAMPAIGN_STATUSES, params.get('campaigns'), 'all'),
    exclude: LIST_EXCLUSIONS.filter((e) => chosen.has(e) && exclusions.includes(e)),
  };
}

/** Writes the choices into a copy of the URL query; the defaults leave their parameter out. */
export function writeNarrowing(params: URLSearchParams, narrowing: AgencyNarrowing): URLSearchParams {
  const next = new URLSearchParams(params);
  const put = (key: string, value: string) => (value === '' ? next.delete(key) : next.set(key, value));
  put('card', narrowing.card === 'all' ? '' : narrowing.card);
  put('campaigns', narrowing.campaigns === 'all' ? '' : narrowing.campaigns);
  put('exclude', LIST_EXCLUSIONS.filter((e) => narrowing.exclude.includes(e)).join(','));
  return next;
}

/** How many choices narrow the list (the Filter button's badge). */
export const narrowingCount = (n: AgencyNarrowing) =>
  (n.card === 'all' ? 0 : 1) + (n.campaigns === 'all' ? 0 : 1) + n.exclude.length;
