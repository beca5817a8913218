import { AGENCY_LIST_FILTERS, type AgencyListFilter, type SessionUser } from '@app/contracts';
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
