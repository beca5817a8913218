import { z } from 'zod';

/** Colours are data, never CSS: exactly `#rrggbb`. */
export const hexColorSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be #rrggbb')
  .transform((value) => value.toLowerCase());

/** Fonts a tenant may pick; the web app maps each to a font stack it ships. */
export const FONT_THEMES = [
  'Poppins',
  'Inter',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Source Sans 3',
] as const;
export const fontThemeSchema = z.enum(FONT_THEMES);
export type FontTheme = z.infer<typeof fontThemeSchema>;

export const brandingSchema = z.object({
  company_name: z.string(),
  logo_url: z.string().nullable(),
  favicon_url: z.string().nullable(),
  sidebar_bgcolor: hexColorSchema,
  template_bgcolor: hexColorSchema,
  box_bgcolor: hexColorSchema,
  text_color: hexColorSchema,
  link_color: hexColorSchema,
  font_theme: fontThemeSchema,
});
export type Branding = z.infer<typeof brandingSchema>;

export const DEFAULT_BRANDING: Omit<Branding, 'company_name'> = {
  logo_url: null,
  favicon_url: null,
  sidebar_bgcolor: '#1f2a44',
  template_bgcolor: '#f4f6fb',
  box_bgcolor: '#ffffff',
  text_color: '#1b1f2a',
  link_color: '#2f6fed',
  font_theme: 'Poppins',
};
