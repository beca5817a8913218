import { z } from 'zod';

/**
 * The one error shape every failing API call answers with. `code` is stable for programs,
 * `message` is for people; `fields` maps a body field to its validation text.
 */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = {
  notFound: 'not_found',
  badRequest: 'bad_request',
  validation: 'validation_failed',
  envelope: 'invalid_envelope',
  unauthenticated: 'unauthenticated',
  forbidden: 'forbidden',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
} as const;
