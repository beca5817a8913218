import { z } from 'zod';
import { idOrZeroSchema, idSchema } from './ids.js';
import { moduleSchema } from './tenancy.js';

/** Company groups (spec 2 §3, §7): a client's or agency's folders for campaigns, per module. */
export const companyGroupSchema = z.object({
  id: z.number().int(),
  group_name: z.string(),
  module: moduleSchema,
});
export const companyGroupListResponseSchema = z.object({
  result: z.literal('success'),
  params: z.array(companyGroupSchema),
});
export const saveCompanyGroupRequestSchema = z.strictObject({
  /** Absent or 0 to create; an existing group's id to rename it. */
  companyGroupID: idOrZeroSchema.optional(),
  companyGroupName: z
    .string()
    .trim()
    .min(1, 'Group name is required.')
    .max(255, 'Group name must not exceed 255 characters.'),
  companyID: idSchema,
  moduleID: moduleSchema.default('local'),
});
