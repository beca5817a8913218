import { PIXEL_URL_MAX_LENGTH, pixelPageViewSchema } from '@app/contracts';
import { z } from 'zod';
import { USER_AGENT_MAX_LENGTH } from '../../providers/identities/index.js';

/*
 * What the intake table holds, checked again when the ingest job reads it (payloads are data from
 * outside, stored as JSON): a page view as the endpoint stored it, or an identity in the shape of
 * the resolver port's `Identity`.
 */

/**
 * A user agent as the intake holds it: the writers cut it to what the resolver takes; rows an
 * earlier build stored kept up to 1,024 characters, and are cut here.
 */
const storedUserAgent = z
  .string()
  .max(1024)
  .transform((ua) => ua.slice(0, USER_AGENT_MAX_LENGTH));

/** A page view as the endpoint stored it: the contract's fields under short names, plus the connection's. */
export const storedPageViewSchema = z.strictObject({
  vid: pixelPageViewSchema.shape.visitorId,
  url: pixelPageViewSchema.shape.url,
  ref: z.string().max(PIXEL_URL_MAX_LENGTH).optional(),
  /** The connection's address as the server saw it. */
  ip: z.string().min(1).max(64),
  ua: storedUserAgent,
});
export type StoredPageView = z.infer<typeof storedPageViewSchema>;

const text = (max: number) => z.string().trim().max(max);
const nullableText = (max: number) => text(max).nullable().default(null);

export const identitySchema = z.strictObject({
  id: text(200).min(1),
  source: z.string().max(40).default('vendor'),
  emailMd5: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, 'must be an MD5 (32 hex digits)')
    .transform((md5) => md5.toLowerCase()),
  firstName: nullableText(200),
  lastName: nullableText(200),
  emails: z.array(text(320)).max(10).default([]),
  phones: z.array(text(40)).max(10).default([]),
  address: z
    .strictObject({
      street: nullableText(300),
      city: nullableText(200),
      state: nullableText(60),
      zip: nullableText(20),
    })
    .nullable()
    .default(null),
  company: z
    .strictObject({ name: text(300), title: text(300), industry: text(200), size: text(40) })
    .nullable()
    .default(null),
  /** Advanced information (catalogue field id → value, decision 0093); other keys are dropped on storing. */
  advanced: z
    .record(z.string().max(50), z.string().max(300))
    .refine((values) => Object.keys(values).length <= 50, 'At most 50 advanced information fields.')
    .optional(),
});

/**
 * A vendor's identity as the intake holds it: a daily list's rows carry the keyword they matched.
 * Built once here: a zod schema compiles itself on first use, so one made per row costs more than
 * the row's whole pipeline.
 */
export const storedIdentitySchema = identitySchema.extend({ keyword: z.string().optional() });

/** `POST /api/leads/vendor-callback`: identities a vendor pushes for one campaign. */
export const vendorCallbackSchema = z.strictObject({
  campaignId: z.string().regex(/^[0-9]{8}$/, 'must be the campaign’s 8-digit id'),
  identities: z.array(identitySchema).min(1).max(1000),
});
export type VendorCallback = z.infer<typeof vendorCallbackSchema>;

/** A visitor the ad platform's ads brought (decision 0051), stored as the port's conversion gave it. */
export const storedAdVisitSchema = z.strictObject({
  /** The platform's stable id of the visit. */
  visit: z.string().min(1).max(200),
  visitorKey: z.string().min(1).max(200),
  ip: z.string().min(1).max(64),
  userAgent: storedUserAgent,
  pageUrl: z.string().min(1).max(PIXEL_URL_MAX_LENGTH),
  /** The search keyword the ad was shown for, when the platform says. */
  keyword: z.string().max(200).default(''),
});
export type StoredAdVisit = z.infer<typeof storedAdVisitSchema>;
