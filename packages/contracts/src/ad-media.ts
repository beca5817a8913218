import { z } from 'zod';
import { IAB_SIZE_LIST } from './ad-sizes.js';
import { ID_NOT_FOUND, idParamSchema, idSchema, isRowId } from './ids.js';

/*
 * Ad media (issue 24; spec 2 §5, §7 "Media"; decision 0113): the display ads of a company's Simplifi
 * campaigns. Images (PNG, JPEG, GIF, WebP in one of the IAB sizes) and HTML5 ads (a ZIP with an
 * index.html that declares its size) are checked by their bytes, kept by the file-storage port and
 * downloaded through single-use links; never shown as a page of our origin.
 */

export const AD_MEDIA_KINDS = ['image', 'html5'] as const;
export const adMediaKindSchema = z.enum(AD_MEDIA_KINDS);
export type AdMediaKind = z.infer<typeof adMediaKindSchema>;
export const AD_MEDIA_KIND_LABELS: Record<AdMediaKind, string> = {
  image: 'Image',
  html5: 'HTML5 (ZIP)',
};

/** upload: a person's file; builder: a PNG the banner builder rendered. */
export const AD_MEDIA_ORIGINS = ['upload', 'builder'] as const;
export type AdMediaOrigin = (typeof AD_MEDIA_ORIGINS)[number];

/** The IAB's initial-load budget for a display ad. */
export const AD_MEDIA_MAX_IMAGE_BYTES = 150 * 1024;
/** An HTML5 ad's archive as sent. */
export const AD_MEDIA_MAX_ZIP_BYTES = 1024 * 1024;
/** An HTML5 ad's files, and what they unpack to (declared sizes; a bomb is refused unread). */
export const AD_MEDIA_MAX_ZIP_ENTRIES = 100;
export const AD_MEDIA_MAX_ZIP_UNPACKED_BYTES = 5 * 1024 * 1024;
export const AD_MEDIA_NAME_MAX = 120;
/** How many media one download link may carry. */
export const AD_MEDIA_MAX_DOWNLOAD_IDS = 20;
/** How long a download link lives (it is spent by its first use anyway). */
export const AD_MEDIA_DOWNLOAD_TTL_SECONDS = 300;

/** The texts people see (the spec shows none for media). */
export const AD_MEDIA_TEXTS = {
  chooseFile: 'Choose a file to upload.',
  kindInvalid: 'Choose what the file is: an image or an HTML5 ad (ZIP).',
  nameTooLong: `The name must not exceed ${AD_MEDIA_NAME_MAX} characters.`,
  imageTooLarge: 'An image ad must not be larger than 150 KB.',
  zipTooLarge: 'An HTML5 ad must not be larger than 1 MB.',
  notImage: 'The file is not a PNG, JPEG, GIF or WebP image.',
  imageNotIab: (width: number, height: number) =>
    `The image is ${width}×${height}; an image ad must be one of these sizes: ${IAB_SIZE_LIST}.`,
  notZip: 'The file is not a ZIP archive.',
  zipUnreadable: 'The ZIP archive cannot be read.',
  zipTooManyEntries: `The ZIP archive holds more than ${AD_MEDIA_MAX_ZIP_ENTRIES} files.`,
  zipUnpackedTooLarge: 'The ZIP archive unpacks to more than 5 MB.',
  zipBadPath: (name: string) => `The ZIP archive holds a file with a path that is not allowed: ${name}`,
  zipNoIndex: 'The ZIP archive must hold an index.html at its top level.',
  zipNoSize:
    'The index.html must declare the ad size, for example <meta name="ad.size" content="width=300,height=250">.',
  zipSizeNotIab: (width: number, height: number) =>
    `The ad declares ${width}×${height}; an HTML5 ad must be one of these sizes: ${IAB_SIZE_LIST}.`,
  clickUrlInvalid: 'Enter the click-through address as a full http:// or https:// address.',
  notSimplifiCampaign: 'Media can only be attached to a Simplifi campaign.',
  notSameCompany: "Media can only be attached to a campaign of the media's own company or its clients.",
  onPlatform:
    'This media already runs as an ad of its campaign, so it stays with that campaign. Upload it again to use it in another one.',
  ownerKind: 'Media belong to an agency or one of its clients.',
  nothingToUpdate: 'Send a name, a campaign or a click-through address to change.',
  linkUsed: 'This download link has been used or has expired. Ask for a new one.',
  uploaded: 'The file was uploaded.',
  updated: 'The media was saved.',
} as const;

/** Where a click on the ad leads: a full http(s) address. */
export const clickUrlSchema = z
  .string()
  .trim()
  .max(2000, AD_MEDIA_TEXTS.clickUrlInvalid)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, AD_MEDIA_TEXTS.clickUrlInvalid);

export const adMediaNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the media a name.')
  .max(AD_MEDIA_NAME_MAX, AD_MEDIA_TEXTS.nameTooLong);

/** One media as lists show it; the bytes come only through a download link. */
export const adMediaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: adMediaKindSchema,
  origin: z.enum(AD_MEDIA_ORIGINS),
  content_type: z.string(),
  size_bytes: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  /** Whose media it is: an agency or one of its clients. */
  company_id: z.number().int(),
  campaign_id: z.number().int().nullable(),
  click_url: z.string().nullable(),
  /** Set once a campaign made an ad of it on the ad platform. */
  platform_ad_id: z.string().nullable(),
  uploaded_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdMedia = z.infer<typeof adMediaSchema>;

/** `GET /media/user/{user_id}`: the media of the user's company (spec 2 §5: "user id (media list)"). */
export const mediaUserParamsSchema = z.object({ user_id: idParamSchema });
/** `GET /media/campaign/{campaign_id}`: the media attached to a campaign. */
export const mediaCampaignParamsSchema = z.object({ campaign_id: idParamSchema });
/** `PUT /media/{media_id}` (spec 2 §5: "media id (media update)"). */
export const mediaIdParamsSchema = z.object({ media_id: idParamSchema });

export const mediaListResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(adMediaSchema),
});
export type MediaListResponse = z.infer<typeof mediaListResponseSchema>;

export const mediaResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: adMediaSchema,
});
export type MediaResponse = z.infer<typeof mediaResponseSchema>;

/**
 * `PUT /media/{media_id}`: rename, attach to a campaign (or detach with null), set the click-through
 * address (or clear it with null). At least one of them.
 */
export const updateMediaRequestSchema = z
  .strictObject({
    name: adMediaNameSchema.optional(),
    campaign_id: idSchema.nullable().optional(),
    click_url: clickUrlSchema.nullable().optional(),
  })
  .refine((b) => b.name !== undefined || b.campaign_id !== undefined || b.click_url !== undefined, {
    message: AD_MEDIA_TEXTS.nothingToUpdate,
  });
export type UpdateMediaRequest = z.infer<typeof updateMediaRequestSchema>;

/**
 * `GET /generate-download-token/{media_ids}`: one to twenty ids joined by commas (spec 2 §5: "media
 * ids (download token)"). Text that is not such a list names no media: 404 like an unknown id.
 */
export const mediaIdsParamsSchema = z.object({
  media_ids: z
    .string()
    .regex(/^\d{1,10}(,\d{1,10}){0,19}$/, ID_NOT_FOUND)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every(isRowId), ID_NOT_FOUND),
});

export const downloadTokenResponseSchema = z.object({
  result: z.literal('success'),
  data: z.object({
    /** Fetch it once (as binary): one file, or a ZIP of them all when the link carries several. */
    url: z.string(),
    expires_at: z.string(),
    media_ids: z.array(z.number().int()),
  }),
});
export type DownloadTokenResponse = z.infer<typeof downloadTokenResponseSchema>;

/** `GET /media/download/{token}`: the token the link carries (URL-safe base64 of 32 bytes). */
export const mediaDownloadParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, ID_NOT_FOUND),
});

/** The text fields of the multipart upload (`POST /media/upload`, the file under `file`). */
export const mediaUploadFieldsSchema = z.strictObject({
  kind: z.enum(AD_MEDIA_KINDS, { error: AD_MEDIA_TEXTS.kindInvalid }),
  name: adMediaNameSchema.optional(),
  /** Whose media it is: the caller's company when absent, else a company in their scope. */
  company_id: idParamSchema.optional(),
  campaign_id: idParamSchema.optional(),
  click_url: clickUrlSchema.optional(),
});
export type MediaUploadFields = z.infer<typeof mediaUploadFieldsSchema>;
