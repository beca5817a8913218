import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';

/**
 * A forgot-password request, handled off the request: the request only checks its limits and enqueues
 * this job, for existing and unknown accounts alike, so neither the answer nor its timing tells
 * whether the address has an account (decision 0019).
 */
export const passwordResetLinkJob = defineJob({
  name: 'identity.password-reset-link',
  payload: z.object({
    systemId: z.number().int().positive(),
    email: z.string().min(1).max(254),
    ip: z.string().max(64),
    /** The host the form was on: kept in the link only when it is one of the account's own hosts. */
    host: z.string().max(253),
  }),
  // A retry after a crash sends at most one more link; the older one stays valid until it expires.
  retryLimit: 2,
  retryDelaySeconds: 10,
});

export function passwordResetLinkHandler(deps: {
  sendResetLink(input: z.infer<typeof passwordResetLinkJob.payload>): Promise<void>;
}): JobHandler<typeof passwordResetLinkJob.payload> {
  return {
    spec: passwordResetLinkJob,
    handle: (payload) => deps.sendResetLink(payload),
  };
}
