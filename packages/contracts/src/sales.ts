import { z } from 'zod';
import { idOrZeroSchema, idSchema } from './ids.js';

/** `GET /configuration/sales/list/{companyID}`: the system's sales staff (for Set Sales Person). */
export const salesListResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string(), isAccExecutive: z.boolean() })),
});

/**
 * `PUT /configuration/sales`: an agency's sales representative, account executive and referrer.
 * 0 or null clears a role.
 */
export const setSalesRequestSchema = z.strictObject({
  companyID: idSchema,
  salesRep: idOrZeroSchema.nullable(),
  salesAE: idOrZeroSchema.nullable(),
  salesRef: idOrZeroSchema.nullable(),
});
export type SetSalesRequest = z.input<typeof setSalesRequestSchema>;
