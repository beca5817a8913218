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
export const GROUP_NAME_TAKEN = 'A group with this name already exists.';
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
/** The body the web sends to `POST /company/group` (create without an id, rename with one). */
export type SaveCompanyGroupRequest = z.input<typeof saveCompanyGroupRequestSchema>;
/** 'Data has been added successfully' / 'Data has been updated successfully' and the group's id. */
export const saveCompanyGroupResponseSchema = z.object({ message: z.string(), id: z.number().int() });
/** `DELETE /company/group/remove/{companyGroupID}`: 'Deleted!'. */
export const removeCompanyGroupResponseSchema = z.object({ message: z.string() });
export type CompanyGroupRow = z.infer<typeof companyGroupSchema>;
