/**
 * Why a candidate lead was not taken: one code per cause, stored on the rejection row, and a label
 * a person reads in reports ("top rejection reasons") and support answers. The pipeline's pure
 * steps return the first group; the API's database steps (the at-most-once claim, the prepaid
 * balance) return the next two, and its intake the last three (a page view or identity that was
 * acknowledged but cannot become a candidate), so every rejection a campaign can show is named here
 * once.
 */
export const REJECTION_LABELS = {
  campaign_not_running: 'The campaign was not running',
  module_unavailable: 'The client may not open this campaign’s module, so the lead was not billed',
  payment_failed: 'A payment for this campaign’s leads failed and is not settled yet',
  opted_out: 'On the opt-out list',
  suppressed_agency: 'On the agency’s suppression list',
  suppressed_client: 'On the client’s suppression list',
  suppressed_campaign: 'On the campaign’s suppression list',
  reidentified_campaign: 'Already delivered to this campaign within its re-identification window',
  reidentified_client: 'Already delivered to a campaign of this client within the re-identification window',
  outside_locations: 'Not in the campaign’s zip codes, cities or states',
  state_not_included: 'Not in a state the campaign includes',
  state_excluded: 'In a state the campaign excludes',
  missing_email: 'No e-mail address, which the campaign requires',
  missing_phone: 'No phone number, which the campaign requires',
  missing_address: 'No postal address, which the campaign requires',
  before_start_date: 'Before the campaign’s start date',
  after_end_date: 'After the campaign’s end date',
  limit_reached_day: 'The campaign’s daily lead limit was reached',
  limit_reached_month: 'The campaign’s monthly lead limit was reached',
  limit_reached_lifetime: 'The campaign’s lead limit was reached',
  already_stored: 'Already stored for this campaign (a repeated delivery)',
  prepaid_balance_exhausted: 'No prepaid leads were left',
  visit_refused: 'The identity provider refused the page view as it was sent',
  resolver_unavailable: 'The identity provider did not answer, after several attempts',
  intake_unreadable: 'The stored page view or identity could not be read',
} as const;

export type RejectionReason = keyof typeof REJECTION_LABELS;
export const REJECTION_REASONS = Object.keys(REJECTION_LABELS) as RejectionReason[];

/** The label of a stored reason; a code this build does not know is shown as it is. */
export const rejectionLabel = (reason: string): string =>
  (REJECTION_LABELS as Record<string, string>)[reason] ?? reason;

/** The outcome of one step: go on, or stop with a reason. */
export type StepResult = { ok: true } | { ok: false; reason: RejectionReason };
export const ACCEPT: StepResult = Object.freeze({ ok: true });
export const reject = (reason: RejectionReason): StepResult => ({ ok: false, reason });
