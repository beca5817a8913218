import { type BrandingValue, brandingValueSchema, FONT_THEMES, type FontTheme } from '@app/contracts';
import { fieldErrors } from './field-errors';

export const COLOUR_FIELDS = [
  'sidebar_bgcolor',
  'template_bgcolor',
  'box_bgcolor',
  'text_color',
  'link_color',
] as const;
export type ColourField = (typeof COLOUR_FIELDS)[number];

export const COLOUR_LABELS: Record<ColourField, string> = {
  sidebar_bgcolor: 'Sidebar Background',
  template_bgcolor: 'Page Background',
  box_bgcolor: 'Box Background',
  text_color: 'Text Colour',
  link_color: 'Link Colour',
};

export interface BrandingForm extends Record<ColourField, string> {
  company_name: string;
  font_theme: FontTheme;
}

export const FONT_OPTIONS = FONT_THEMES.map((font) => ({ value: font, label: font }));

export function brandingFormFrom(data: BrandingForm): BrandingForm {
  return {
    company_name: data.company_name,
    sidebar_bgcolor: data.sidebar_bgcolor,
    template_bgcolor: data.template_bgcolor,
    box_bgcolor: data.box_bgcolor,
    text_color: data.text_color,
    link_color: data.link_color,
    font_theme: data.font_theme,
  };
}

/** The server's texts (colours exactly #rrggbb, a font from the list, name at most 255). */
export function validateBranding(form: BrandingForm): Partial<Record<keyof BrandingForm, string>> {
  return fieldErrors(brandingValueSchema, toBrandingValue(form));
}

export function toBrandingValue(form: BrandingForm): BrandingValue {
  return {
    company_name: form.company_name.trim(),
    sidebar_bgcolor: form.sidebar_bgcolor.trim(),
    template_bgcolor: form.template_bgcolor.trim(),
    box_bgcolor: form.box_bgcolor.trim(),
    text_color: form.text_color.trim(),
    link_color: form.link_color.trim(),
    font_theme: form.font_theme,
  };
}

/**
 * Image files the upload offers: the formats the server accepts (never SVG, which can carry script);
 * the server checks the content whatever the name says.
 */
export const IMAGE_ACCEPT: Record<'logo' | 'favicon', string> = {
  logo: 'image/png,image/jpeg,image/webp,image/gif',
  favicon: 'image/png,image/jpeg,image/webp,image/gif,image/x-icon,image/vnd.microsoft.icon',
};
