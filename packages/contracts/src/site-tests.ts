import { z } from 'zod';
import { idSchema } from './ids.js';

/*
 * A local campaign's site tests (spec 2 §7 "Site tests"): is the embed code on the client's page,
 * and does a lead reach the campaign's report. The server fetches the page through its outbound
 * guard; these are the bodies and answers both sides read.
 */

/** `POST /check-site-embeded-code`: check the campaign's site now (its `urlCode`, or `url` when given). */
export const siteCheckRequestSchema = z.strictObject({
  leadspeekID: idSchema,
  /** A page other than the campaign's own (the thank-you page); omitted: the campaign's url. */
  url: z.string().trim().max(2048).optional(),
});
export type SiteCheckRequest = z.input<typeof siteCheckRequestSchema>;

/** `GET /check-run-embeded-code?leadspeekID=`: the last stored result (the scheduled check keeps it current). */
export const siteCheckQuerySchema = z.object({ leadspeekID: z.coerce.number().pipe(idSchema) });

/** The finer outcome the screens show beside the spec's two statuses. */
export const SITE_CHECK_OUTCOMES = [
  'found',
  'found_via_gtm',
  'not_found',
  'gtm_not_found',
  'blocked',
  'unreachable',
  'not_allowed',
  'invalid_url',
  /** Never checked yet (only from GET). */
  'unchecked',
] as const;
export const siteCheckOutcomeSchema = z.enum(SITE_CHECK_OUTCOMES);
export type SiteCheckOutcomeValue = z.infer<typeof siteCheckOutcomeSchema>;

/**
 * The outcome as a person reads it, wherever a screen shows a campaign's embed status (the campaign
 * list's column, the embed-code panel): the wire keeps the code, the words live here once.
 */
export const SITE_CHECK_OUTCOME_LABELS: Record<SiteCheckOutcomeValue, string> = {
  found: 'Installed',
  found_via_gtm: 'Installed through Google Tag Manager',
  not_found: 'Not found on the site',
  gtm_not_found: 'Google Tag Manager not found',
  blocked: 'The site blocked the check',
  unreachable: 'Site not reachable',
  not_allowed: 'Private address, not checked',
  invalid_url: 'Site address not valid',
  unchecked: 'Not checked yet',
};

/** A stored embed status read back: anything that is not an outcome (an older value) counts as unchecked. */
export function siteCheckOutcomeOf(stored: string): SiteCheckOutcomeValue {
  const parsed = siteCheckOutcomeSchema.safeParse(stored);
  return parsed.success ? parsed.data : 'unchecked';
}

/** The answer of both calls. An HTTP 504 from the server itself means the spec's blocked result. */
export const siteCheckResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** The spec's two statuses. */
    status: z.enum(['exist', 'not exist']),
    outcome: siteCheckOutcomeSchema,
    message: z.string(),
    url: z.string(),
    /** When this result was found (ISO time); null when never checked. */
    checked_at: z.string().nullable(),
  }),
});
export type SiteCheckResponse = z.infer<typeof siteCheckResponseSchema>;

/** Spec 2 §8: a 504 from the check is shown as this synthetic result. */
export const SITE_CHECK_BLOCKED_MESSAGE = 'Blocked from crawling (Needs manual review at your url)';

/** `POST /send-test-lead`: a clearly marked sandbox lead through the campaign's whole pipeline. */
export const sendTestLeadRequestSchema = z.strictObject({ leadspeekID: idSchema });
export const sendTestLeadResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: z.object({
    /** The stored lead's id, or null when the pipeline refused it (then `rejection` says why). */
    lead_id: z.number().int().nullable(),
    rejection: z.string().nullable(),
  }),
});
export type SendTestLeadResponse = z.infer<typeof sendTestLeadResponseSchema>;

/** Spec 2 §8 / §9: the answer (HTTP 429) to a second test lead within a minute. */
export const TEST_LEAD_TOO_SOON = 'You can only attempt this test once every minute. Please try again later.';
export const TEST_LEAD_INTERVAL_SECONDS = 60;
