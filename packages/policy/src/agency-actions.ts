import type { SessionUser, TF } from '@app/contracts';
import { reaches } from './authorization/authorize.js';
import { actorOf } from './authorization/session-actor.js';

/** The row fields of the agency list (spec 2 §3 "Agency or client node") these rules read. */
export interface AgencyRow {
  user_type: 'userdownline' | 'user' | 'client' | 'sales';
  payment_status: string | null;
  api_mode: TF;
  /** Whether an API key was generated; the wire format is not fixed, so common truthy forms count. */
  is_user_generate_api: boolean | string | number | null;
  is_marketing_services_agreement_developer: TF;
  customer_payment_id: string | null;
}

/** Row action icons of spec 2 §2, in the spec's order. */
export const AGENCY_ROW_ACTIONS = [
  'manual-bill',
  'delete',
  'user-logs',
  'payment-failed',
  'set-sales',
  'exclude-minimum-spend',
  'onboarding-charge',
  'api-status',
  'agreement-download',
  'switch-user',
  // Not among the spec's icons: the package decides whether an agency counts as connected, so the
  // platform's staff see and change it on the row (decision 0061).
  'package',
] as const;
export type AgencyRowAction = (typeof AGENCY_ROW_ACTIONS)[number];

function isAgencyRow(row: Pick<AgencyRow, 'user_type'>): boolean {
  return row.user_type === 'userdownline' || row.user_type === 'user';
}

/**
 * Which row icons a viewer of the agency list sees (spec 2 §6): an icon that acts appears to the
 * people whose place reaches its action in the policy (the role's switches then enable or disable it,
 * as the server decides). Billing-level switches (manual bill, sales person, minimum spend, onboarding
 * charge, API status) only make sense on agency rows. Sales may not switch into a user: view mode would
 * hand them every power the icons above withhold. Nested view mode is not offered.
 */
export function agencyRowActions(
  viewer: SessionUser,
  row: Pick<AgencyRow, 'user_type' | 'payment_status'>,
): AgencyRowAction[] {
  const actor = actorOf(viewer, null);
  const agency = isAgencyRow(row);
  const switches = reaches(actor, 'agencies.billingSwitches') && agency;
  const shown: Record<AgencyRowAction, boolean> = {
    'manual-bill': switches,
    delete: reaches(actor, 'users.remove'),
    'user-logs': reaches(actor, 'logs.read'),
    'payment-failed': reaches(actor, 'logs.read') && row.payment_status === 'failed',
    'set-sales': reaches(actor, 'sales.assign') && agency,
    'exclude-minimum-spend': switches,
    'onboarding-charge': switches,
    'api-status': viewer.rootcomp && agency,
    'agreement-download': row.user_type !== 'sales',
    'switch-user': reaches(actor, 'viewMode.start') && !viewer.isViewMode,
    package: reaches(actor, 'settings.package') && agency,
  };
  return AGENCY_ROW_ACTIONS.filter((action) => shown[action]);
}

/** Agency-list filters (spec 2 §2): the API filters need the root company of the system. */
export function agencyListFilters(viewer: SessionUser): string[] {
  const base = ['direct-payment', 'payment-failed'];
  return reaches(actorOf(viewer, null), 'users.list.apiFilters')
    ? [...base, 'api-key-generated', 'developer-mode-enabled']
    : base;
}

export type ApiStatusColour = 'orange' | 'green' | 'blue' | 'gray';

function isYes(value: AgencyRow['is_user_generate_api']): boolean {
  return value === true || value === 'T' || value === 1 || value === '1';
}

/**
 * API developer status colour (spec 2 §4): green = menu on and key generated; orange = menu on but the
 * agreement or the payment setup is incomplete ("agreement and payment incomplete" read as "not both
 * complete", decision D-api-colour), or a key generated while the menu is off; blue = menu on, no key;
 * gray = inactive. A generated key implies the agreement was accepted, so green is checked first.
 */
export function apiStatusColour(
  row: Pick<
    AgencyRow,
    'api_mode' | 'is_user_generate_api' | 'is_marketing_services_agreement_developer' | 'customer_payment_id'
  >,
): ApiStatusColour {
  const menuOn = row.api_mode === 'T';
  const keyGenerated = isYes(row.is_user_generate_api);
  if (menuOn && keyGenerated) return 'green';
  const agreed = row.is_marketing_services_agreement_developer === 'T';
  const paymentReady = (row.customer_payment_id ?? '').trim() !== '';
  if (menuOn && (!agreed || !paymentReady)) return 'orange';
  if (menuOn) return 'blue';
  return keyGenerated ? 'orange' : 'gray';
}
