import { z } from 'zod';
import { badLineSchema } from './exclusions.js';
import { idParamSchema } from './ids.js';

/*
 * Ad-platform audiences (issue 24; spec 2 §5, §7 "Simplifi"; decision 0114): a CSV of customers'
 * e-mail addresses or their MD5s, uploaded for an agency or one of its clients, kept as MD5 keys only
 * and pushed to the ad platform by the Simplifi campaigns that use it. The upload is read while it
 * arrives; the keys are stored by a job whose progress the list answers.
 */

/** What the file's rows hold: plain e-mail addresses (hashed here) or MD5s of lowercased addresses. */
export const AUDIENCE_KEY_KINDS = ['email', 'md5'] as const;
export const audienceKeyKindSchema = z.enum(AUDIENCE_KEY_KINDS);
export type AudienceKeyKind = z.infer<typeof audienceKeyKindSchema>;
export const AUDIENCE_KEY_KIND_LABELS: Record<AudienceKeyKind, string> = {
  email: 'E-mail addresses',
  md5: 'MD5 hashes of e-mail addresses',
};

/** `receiving`: the file is still arriving; `processing`: its keys are being stored; then ready or failed. */
export const AUDIENCE_STATUSES = ['receiving', 'processing', 'ready', 'failed'] as const;
export const audienceStatusSchema = z.enum(AUDIENCE_STATUSES);
export type AudienceStatus = z.infer<typeof audienceStatusSchema>;
export const AUDIENCE_STATUS_LABELS: Record<AudienceStatus, string> = {
  receiving: 'Uploading',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

/** The largest audience file: a million rows (with other columns beside the address) fit. */
export const AUDIENCE_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** Rows one audience file may hold. */
export const AUDIENCE_MAX_ROWS = 1_000_000;
export const AUDIENCE_NAME_MAX = 120;
/** How often the audiences page asks again while one is still uploading or processing. */
export const AUDIENCE_POLL_MS = 2000;

/** The texts people see (the spec shows none for audiences). */
export const AUDIENCE_TEXTS = {
  invalidFile: 'Invalid file format. This upload only supports CSV files.',
  chooseFile: 'Choose a CSV file to upload.',
  nameRequired: 'Give the audience a name.',
  nameTooLong: `The name must not exceed ${AUDIENCE_NAME_MAX} characters.`,
  kindInvalid: 'Choose what the file holds: e-mail addresses or MD5 hashes.',
  fileTooLarge: 'The file must not be larger than 100 MB.',
  tooManyRows: (limit: number) =>
    `This file holds more than ${limit.toLocaleString('en-US')} rows; an audience may hold at most ${limit.toLocaleString('en-US')}.`,
  empty: 'The file is empty.',
  nothingUsable: {
    email: 'No e-mail address was found in this file.',
    md5: 'No MD5 hash (32 hexadecimal digits) was found in this file.',
  } satisfies Record<AudienceKeyKind, string>,
  deleteConfirm: (name: string) =>
    `Delete the audience "${name}"? Its hashed keys are deleted and it cannot be used by campaigns any more.`,
  inUse: (campaigns: string) =>
    `This audience is used by ${campaigns}. Remove it from those campaigns before deleting it.`,
  notReady: 'This audience is not ready yet: its keys are still being stored.',
  deleted: 'The audience was deleted.',
  uploaded: 'The file was received; its keys are being stored.',
} as const;

/** A campaign an audience is attached to, as the list names it. */
export const audienceCampaignSchema = z.object({
  id: z.number().int(),
  leadspeek_api_id: z.string(),
  name: z.string(),
});

/** One audience as the list and the upload answer show it; keys are never sent. */
export const audienceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: audienceKeyKindSchema,
  filename: z.string(),
  /** Whose audience it is: the agency or one of its clients. */
  company_id: z.number().int(),
  company_name: z.string(),
  uploaded_by: z.string(),
  status: audienceStatusSchema,
  /** Data rows read from the file (header and blank lines not counted). */
  rows_read: z.number().int(),
  /** Rows that held a usable key. */
  keys_accepted: z.number().int(),
  /** Distinct keys stored so far (the audience's size once ready). */
  keys_stored: z.number().int(),
  /** Accepted rows whose key came again in the file (known once ready). */
  duplicates: z.number().int(),
  /** Rows without a usable key, and the first of them with their line numbers. */
  bad_line_count: z.number().int(),
  bad_lines: z.array(badLineSchema),
  /** 0-100: how much of the accepted keys is stored. */
  progress: z.number().int().min(0).max(100),
  error: z.string().nullable(),
  /** Set once a campaign pushed it to the ad platform. */
  platform_audience_id: z.string().nullable(),
  campaigns: z.array(audienceCampaignSchema),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type Audience = z.infer<typeof audienceSchema>;

/** `GET /leadspeek/simplifi/audience/{user_id}`: the audiences of the user's company (spec 2 §5: "user id (audience list)"). */
export const audienceListParamsSchema = z.object({ user_id: idParamSchema });
/** `DELETE /leadspeek/simplifi/audience/{id}`: the audience's id (spec 2 §5: "audience id (audience removal)"). */
export const audienceIdParamsSchema = z.object({ id: idParamSchema });

export const audienceListResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({ audiences: z.array(audienceSchema) }),
});
export type AudienceListResponse = z.infer<typeof audienceListResponseSchema>;

export const audienceUploadResponseSchema = z.object({ result: z.literal('success'), data: audienceSchema });
export type AudienceUploadResponse = z.infer<typeof audienceUploadResponseSchema>;

export const audienceDeleteResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
});

/** The upload's text fields (multipart, before the file `audiencefile`). */
export const audienceUploadFieldsSchema = z.object({
  companyID: idParamSchema,
  name: z
    .string()
    .trim()
    .min(1, AUDIENCE_TEXTS.nameRequired)
    .max(AUDIENCE_NAME_MAX, AUDIENCE_TEXTS.nameTooLong),
  kind: audienceKeyKindSchema,
});
export type AudienceUploadFields = z.infer<typeof audienceUploadFieldsSchema>;

/** An audience still on its way: the page polls while any is. */
export const audienceInFlight = (a: Pick<Audience, 'status'>): boolean =>
  a.status === 'receiving' || a.status === 'processing';
