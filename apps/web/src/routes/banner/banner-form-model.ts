import {
  type BannerColors,
  type BannerDesign,
  type Branding,
  bannerDesignSchema,
  bannerNameSchema,
  type FontTheme,
} from '@app/contracts';
import { mix, readableTextOn } from '../../app/branding/color-math';

/*
 * The banner form: what the person types, the design the server is sent, and the design the live
 * preview draws while the form is still incomplete (placeholders for empty texts, the last good
 * colour for one being typed), so the preview never goes blank.
 */

export interface BannerForm {
  name: string;
  headline: string;
  text: string;
  cta: string;
  clickUrl: string;
  font: FontTheme;
  colors: BannerColors;
}

export type BannerFormErrors = Partial<Record<keyof BannerForm | `colors.${keyof BannerColors}`, string>>;

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The texts a new banner's preview shows until the person types their own. */
export const PLACEHOLDERS = {
  headline: 'Your headline here',
  text: 'One sentence about your offer.',
  cta: 'Learn more',
} as const;

/**
 * A new banner from the agency's branding: its sidebar colour as the background, its link colour
 * for the button, text colours readable on them, and its font.
 */
export function formFromBranding(
  branding: Pick<Branding, 'sidebar_bgcolor' | 'link_color' | 'font_theme'>,
): BannerForm {
  const background = branding.sidebar_bgcolor;
  const headline = readableTextOn(background);
  return {
    name: '',
    headline: '',
    text: '',
    cta: '',
    clickUrl: '',
    font: branding.font_theme,
    colors: {
      background,
      headline,
      text: mix(headline, background, 0.15),
      ctaBackground: branding.link_color,
      ctaText: readableTextOn(branding.link_color),
    },
  };
}

export function formFromDesign(name: string, design: BannerDesign): BannerForm {
  return { name, ...design, colors: { ...design.colors } };
}

/** What the preview draws now: the form with placeholders for empty texts and valid colours only. */
export function previewDesign(form: BannerForm, fallback: BannerColors): BannerDesign {
  const colors = Object.fromEntries(
    (Object.keys(fallback) as (keyof BannerColors)[]).map((key) => [
      key,
      HEX.test(form.colors[key]) ? form.colors[key].toLowerCase() : fallback[key],
    ]),
  ) as BannerColors;
  return {
    headline: form.headline.trim() || PLACEHOLDERS.headline,
    text: form.text.trim() || (form.headline.trim() ? '' : PLACEHOLDERS.text),
    cta: form.cta.trim() || PLACEHOLDERS.cta,
    clickUrl: form.clickUrl,
    font: form.font,
    colors,
  };
}

/** The form as the server takes it, or the contracts' messages per field (the server checks again). */
export function checkedBanner(
  form: BannerForm,
): { ok: true; name: string; design: BannerDesign } | { ok: false; errors: BannerFormErrors } {
  const errors: BannerFormErrors = {};
  const name = bannerNameSchema.safeParse(form.name);
  if (!name.success) errors.name = name.error.issues[0]?.message;
  const design = bannerDesignSchema.safeParse({
    headline: form.headline,
    text: form.text,
    cta: form.cta,
    clickUrl: form.clickUrl,
    font: form.font,
    colors: form.colors,
  });
  if (!design.success)
    for (const issue of design.error.issues) {
      const key = issue.path.join('.') as keyof BannerFormErrors;
      errors[key] ??= issue.message;
    }
  if (name.success && design.success) return { ok: true, name: name.data, design: design.data };
  return { ok: false, errors };
}
