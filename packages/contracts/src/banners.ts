import { z } from 'zod';
import { adMediaSchema, clickUrlSchema } from './ad-media.js';
import { IAB_SIZE_KEYS, iabSizeKeySchema } from './ad-sizes.js';
import { fontThemeSchema, hexColorSchema } from './branding.js';
import { idParamSchema, idSchema } from './ids.js';

/*
 * The banner builder (issue 24; spec 1 §2.3 `/banner/create`, `/banner/list`; spec 2 §7 `POST
 * /banner/show`, `POST /banner/startbannercreate`; decision 0113): display ads built from the agency's
 * branding, a headline, a text, a picture and a call to action, drawn in every IAB size by one
 * layout (`banner-layout.ts`) in the browser's preview and in the server's PNGs.
 */

export const BANNER_HEADLINE_MAX = 60;
export const BANNER_TEXT_MAX = 140;
export const BANNER_CTA_MAX = 24;
export const BANNER_NAME_MAX = 100;
/** The banner's picture as uploaded (PNG or JPEG: what the PNG renderer draws). */
export const BANNER_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const BANNER_IMAGE_MAX_SIDE = 4096;

export const BANNER_TEXTS = {
  headlineRequired: 'Enter a headline.',
  headlineTooLong: `The headline must not exceed ${BANNER_HEADLINE_MAX} characters.`,
  textTooLong: `The text must not exceed ${BANNER_TEXT_MAX} characters.`,
  ctaRequired: 'Enter a call to action, for example "Learn more".',
  ctaTooLong: `The call to action must not exceed ${BANNER_CTA_MAX} characters.`,
  nameRequired: 'Give the banner a name.',
  nameTooLong: `The name must not exceed ${BANNER_NAME_MAX} characters.`,
  imageChoose: 'Choose a picture to upload.',
  imageTooLarge: 'The picture must not be larger than 2 MB.',
  imageType: 'The picture must be a PNG or JPEG image.',
  imageTooBig: `The picture must not be wider or taller than ${BANNER_IMAGE_MAX_SIDE} pixels.`,
  companyKind: 'Banners belong to an agency.',
  saved: 'The banner was saved.',
  duplicated: 'The banner was duplicated.',
  deleted: 'The banner was deleted.',
  imageSaved: 'The picture was saved.',
  attached: (count: number) =>
    count === 1 ? 'One ad was added to the campaign.' : `${count} ads were added to the campaign.`,
  otherAgency: 'The banner and the campaign belong to different agencies.',
  tooHeavy: (size: string, kilobytes: number) =>
    `The ${size} ad renders to ${kilobytes} KB, over the 150 KB an ad may weigh. Use a smaller or simpler picture.`,
  deleteConfirm: (name: string) => `Delete the banner "${name}"? Ads already attached to campaigns stay.`,
} as const;

const text = (max: number, tooLong: string) => z.string().trim().max(max, tooLong);

/** The colours of a banner (the agency's branding gives the first ones). */
export const bannerColorsSchema = z.strictObject({
  background: hexColorSchema,
  headline: hexColorSchema,
  text: hexColorSchema,
  ctaBackground: hexColorSchema,
  ctaText: hexColorSchema,
});
export type BannerColors = z.infer<typeof bannerColorsSchema>;

/** What a banner says and how it looks; the picture is stored beside it. */
export const bannerDesignSchema = z.strictObject({
  headline: text(BANNER_HEADLINE_MAX, BANNER_TEXTS.headlineTooLong).min(1, BANNER_TEXTS.headlineRequired),
  text: text(BANNER_TEXT_MAX, BANNER_TEXTS.textTooLong),
  cta: text(BANNER_CTA_MAX, BANNER_TEXTS.ctaTooLong).min(1, BANNER_TEXTS.ctaRequired),
  clickUrl: clickUrlSchema,
  font: fontThemeSchema,
  colors: bannerColorsSchema,
});
export type BannerDesign = z.infer<typeof bannerDesignSchema>;

export const bannerNameSchema = z
  .string()
  .trim()
  .min(1, BANNER_TEXTS.nameRequired)
  .max(BANNER_NAME_MAX, BANNER_TEXTS.nameTooLong);

/** The picture drawn in a banner: its facts (the bytes come from `GET /banner/image/{banner_id}`). */
export const bannerImageSchema = z.object({
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type BannerImage = z.infer<typeof bannerImageSchema>;

export const bannerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  company_id: z.number().int(),
  created_by: z.string(),
  design: bannerDesignSchema,
  image: bannerImageSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/**
 * `POST /banner/show`: one banner (`bannerID`), else the banners of a company (`companyID`, the
 * caller's own when absent), newest change first.
 */
export const showBannersRequestSchema = z.strictObject({
  companyID: idSchema.optional(),
  bannerID: idSchema.optional(),
});
export type ShowBannersRequest = z.infer<typeof showBannersRequestSchema>;

export const bannerListResponseSchema = z.object({
  result: z.literal('success'),
  data: z.array(bannerSchema),
});
export type BannerListResponse = z.infer<typeof bannerListResponseSchema>;

/**
 * `POST /banner/startbannercreate`: a new banner (no `bannerID`; for the caller's company or
 * `companyID`), or the saved version of an existing one (`bannerID`).
 */
export const saveBannerRequestSchema = z.strictObject({
  bannerID: idSchema.optional(),
  companyID: idSchema.optional(),
  name: bannerNameSchema,
  design: bannerDesignSchema,
});
export type SaveBannerRequest = z.infer<typeof saveBannerRequestSchema>;

export const bannerResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: bannerSchema,
});
export type BannerResponse = z.infer<typeof bannerResponseSchema>;

/** `POST /banner/duplicate/{banner_id}`, `DELETE /banner/{banner_id}`, `GET /banner/image/{banner_id}`. */
export const bannerIdParamsSchema = z.object({ banner_id: idParamSchema });

/** `GET /banner/export/{banner_id}/{size}`: one size's PNG. */
export const bannerExportParamsSchema = z.object({ banner_id: idParamSchema, size: iabSizeKeySchema });

/** `POST /banner/attach`: render the banner in these sizes and add them to a Simplifi campaign's media. */
export const attachBannerRequestSchema = z.strictObject({
  bannerID: idSchema,
  campaignID: idSchema,
  sizes: z
    .array(iabSizeKeySchema)
    .min(1, 'Choose at least one size.')
    .max(IAB_SIZE_KEYS.length)
    .refine((sizes) => new Set(sizes).size === sizes.length, 'Each size once.')
    .default([...IAB_SIZE_KEYS]),
});
export type AttachBannerRequest = z.infer<typeof attachBannerRequestSchema>;

export const attachBannerResponseSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: z.array(adMediaSchema),
});
export type AttachBannerResponse = z.infer<typeof attachBannerResponseSchema>;

export const deleteBannerResponseSchema = z.object({ result: z.literal('success'), message: z.string() });
