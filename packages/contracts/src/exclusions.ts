import { z } from 'zod';
import { idParamSchema, idSchema } from './ids.js';

/*
 * Exclusion (suppression) lists (spec 2 §2 "Exclusion List", §4, §5, §7 "Exclusion lists", §8, §9;
 * issue 22, decision 0092). A list is named by its kind and an id: `optout` with the system's root
 * company, `agency` / `client` with the company, `campaign` with the campaign's row id.
 */

/** The spec's texts (spec 2 §8), shown exactly. */
export const EXCLUSION_TEXTS = {
  invalidFile: 'Invalid file format. This upload only supports CSV files.',
  uploading: 'Please Wait, your file being upload ...',
  failed: 'Whoops that did not work, please check your file for errors and try again',
  submitted: 'Your Suppression file has been Submitted, Thank you!',
  purgeConfirm: 'Are you sure you want to purge existing records?',
  purgeFailed: 'There was an error processing your request.',
} as const;

/** Spec 2 §9: 10,000 records per upload, unless the system set its own limit (at most 1,000,000). */
export const DEFAULT_UPLOAD_ROW_LIMIT = 10_000;
export const MAX_UPLOAD_ROW_LIMIT = 1_000_000;
/** Spec 2 §4 / §9: the upload modal asks for progress every 2 seconds. */
export const EXCLUSION_PROGRESS_POLL_MS = 2000;

export const EXCLUSION_LIST_KINDS = ['optout', 'agency', 'client', 'campaign'] as const;
export const exclusionListKindSchema = z.enum(EXCLUSION_LIST_KINDS);
export type ExclusionListKind = z.infer<typeof exclusionListKindSchema>;

/** What a list is called on screen and in a rejection reason. */
export const EXCLUSION_KIND_LABELS: Record<ExclusionListKind, string> = {
  optout: 'Opt-out list',
  agency: 'Agency exclusion list',
  client: 'Client exclusion list',
  campaign: 'Campaign exclusion list',
};

/** Which list: `?companyId=&campaignType=` (the spec's progress call) on the read calls. */
export const exclusionListQuerySchema = z.object({
  companyId: idParamSchema,
  campaignType: exclusionListKindSchema,
});
export type ExclusionListQuery = z.infer<typeof exclusionListQuerySchema>;

/** `DELETE /leadspeek/suppressionlist/purge/{paramID}/{campaignType}`. */
export const exclusionPurgeParamsSchema = z.object({
  paramID: idParamSchema,
  campaignType: exclusionListKindSchema,
});
/** `DELETE /tools/optout/purge/{companyRootId}`: the system's opt-out list. */
export const optOutPurgeParamsSchema = z.object({ companyRootId: idParamSchema });

/** The list a call answered about: its kind, whose it is (a name to show), and how many keys it holds. */
export const exclusionListSchema = z.object({
  kind: exclusionListKindSchema,
  id: z.number().int(),
  name: z.string(),
  entries: z.number().int(),
  uploadRowLimit: z.number().int(),
});
export type ExclusionList = z.infer<typeof exclusionListSchema>;

export const badLineSchema = z.object({ line: z.number().int(), reason: z.string(), text: z.string() });
export type BadLine = z.infer<typeof badLineSchema>;

export const EXCLUSION_UPLOAD_STATUSES = [
  'receiving',
  'queued',
  'processing',
  'done',
  'failed',
  'purged',
] as const;

/** One upload, as the uploads list and the upload's own answer show it. */
export const exclusionUploadSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  status: z.enum(EXCLUSION_UPLOAD_STATUSES),
  uploaded_by: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  total_rows: z.number().int(),
  accepted_rows: z.number().int(),
  rejected_rows: z.number().int(),
  added_rows: z.number().int(),
  bad_lines: z.array(badLineSchema),
});
export type ExclusionUpload = z.infer<typeof exclusionUploadSchema>;

/** `POST /tools/optout-client/upload`: the upload as received (its merge runs as a queued job). */
export const exclusionUploadResponseSchema = z.object({
  result: z.literal('success'),
  data: exclusionUploadSchema,
});

/** Spec 2 §3 "Exclusion (suppression) job": filename, percentage, current_row, total_row. */
export const exclusionJobProgressSchema = z.object({
  id: z.number().int(),
  filename: z.string(),
  status: z.enum(EXCLUSION_UPLOAD_STATUSES),
  percentage: z.number().int(),
  current_row: z.number().int(),
  total_row: z.number().int(),
  error: z.string().nullable(),
});
export type ExclusionJobProgress = z.infer<typeof exclusionJobProgressSchema>;

/** `GET /leadspeek/suppressionlist/progress`: the jobs still running (and each finished one once). */
export const exclusionProgressResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({ jobProgress: z.array(exclusionJobProgressSchema), jobDone: z.boolean() }),
});
export type ExclusionProgressResponse = z.infer<typeof exclusionProgressResponseSchema>;

export const exclusionListResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({ list: exclusionListSchema, uploads: z.array(exclusionUploadSchema) }),
});
export type ExclusionListResponse = z.infer<typeof exclusionListResponseSchema>;

export const exclusionPurgeResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({ purged: z.number().int(), cancelledUploads: z.number().int() }),
});

/** `POST /leadspeek/suppressionlist/search`: is this address (or hash) on a list that applies here? */
export const exclusionSearchRequestSchema = z.strictObject({
  companyId: idSchema,
  campaignType: exclusionListKindSchema,
  query: z.string().trim().min(1, 'Enter an e-mail address, an MD5 or a SHA-256.').max(320),
});
export type ExclusionSearchRequest = z.input<typeof exclusionSearchRequestSchema>;

export const exclusionSearchResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** The key looked up (the MD5 of an e-mail, or the hash as given). */
    key: z.string(),
    suppressed: z.boolean(),
    /** Every list that applies at this level (the system's, the agency's, …) holding the key. */
    lists: z.array(z.object({ kind: exclusionListKindSchema, id: z.number().int(), name: z.string() })),
  }),
});
export type ExclusionSearchResponse = z.infer<typeof exclusionSearchResponseSchema>;

/** `PUT /leadspeek/suppressionlist/settings`: the system's rows-per-upload limit. */
export const exclusionSettingsRequestSchema = z.strictObject({
  companyRootId: idSchema,
  uploadRowLimit: z
    .number()
    .int('Enter a whole number of rows.')
    .min(1, 'An upload must allow at least 1 row.')
    .max(MAX_UPLOAD_ROW_LIMIT, 'An upload may hold at most 1,000,000 rows.'),
});
export const exclusionSettingsResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({ uploadRowLimit: z.number().int() }),
});

/**
 * A file name as stored and shown (spec 2 §5): lowercased, spaces become underscores, other special
 * characters removed (letters, digits, `_`, `-` and `.` stay).
 */
export function normalizeUploadFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .toLowerCase()
    .replace(/\s+/g, '_')
    .replace(/[^a-z0-9_.-]/g, '');
  return cleaned.length > 0 ? cleaned.slice(-200) : 'upload.csv';
}

/** Only `.csv` files (spec 2 §5). */
export const isCsvFileName = (name: string): boolean => /\.csv$/i.test(name.trim());
