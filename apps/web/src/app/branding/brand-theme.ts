import type { Branding } from '@app/contracts';
import type { CSSVariablesResolver, MantineThemeOverride } from '@mantine/core';
import { readableTextOn, shadesFromHex } from './color-math';
import { FONT_STACKS, MONOSPACE_STACK } from './font-stacks';

/** Names of the CSS variables our own layouts read; Mantine components read the theme. */
export const BRAND_VARS = {
  sidebarBg: '--app-sidebar-bg',
  sidebarText: '--app-sidebar-text',
  templateBg: '--app-template-bg',
  boxBg: '--app-box-bg',
  textColor: '--app-text-color',
  linkColor: '--app-link-color',
} as const;

/** Reads a brand variable in a style object, e.g. `{ background: brandVar('sidebarBg') }`. */
export const brandVar = (name: keyof typeof BRAND_VARS): string => `var(${BRAND_VARS[name]})`;

/** The part of the theme the shell and layouts need beyond Mantine's own keys. */
export interface BrandThemeOther {
  branding: Branding;
  sidebarText: string;
}

/**
 * Builds the Mantine theme from a validated Branding record: the link colour drives Mantine's primary
 * colour (buttons, anchors, focus), the font picks a local stack. Everything here is derived from
 * `#rrggbb` strings and a font enum, so nothing tenant-supplied reaches CSS unchecked.
 */
export function buildBrandTheme(branding: Branding): MantineThemeOverride {
  const fontFamily = FONT_STACKS[branding.font_theme];
  const other: BrandThemeOther = { branding, sidebarText: readableTextOn(branding.sidebar_bgcolor) };
  return {
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    colors: { brand: shadesFromHex(branding.link_color), sidebar: shadesFromHex(branding.sidebar_bgcolor) },
    fontFamily,
    fontFamilyMonospace: MONOSPACE_STACK,
    headings: { fontFamily },
    // Spec 1 §9: screens 768 px wide or less are "mobile"; Mantine's sm (48em) would count 768 as desktop.
    breakpoints: { sm: '48.0625em' },
    other: other as unknown as Record<string, unknown>,
  };
}

/**
 * CSS variables for the tenant colours. The light scheme shows the tenant's palette as configured; the
 * dark scheme keeps the sidebar and link colours (they identify the brand) but uses Mantine's dark
 * surfaces, because tenants choose template/box/text colours for a light page.
 */
export function buildBrandCssVariables(branding: Branding): CSSVariablesResolver {
  return () => ({
    variables: {
      [BRAND_VARS.sidebarBg]: branding.sidebar_bgcolor,
      [BRAND_VARS.sidebarText]: readableTextOn(branding.sidebar_bgcolor),
      [BRAND_VARS.linkColor]: branding.link_color,
    },
    light: {
      [BRAND_VARS.templateBg]: branding.template_bgcolor,
      [BRAND_VARS.boxBg]: branding.box_bgcolor,
      [BRAND_VARS.textColor]: branding.text_color,
      '--mantine-color-body': branding.box_bgcolor,
      '--mantine-color-text': branding.text_color,
      '--mantine-color-anchor': branding.link_color,
    },
    dark: {
      [BRAND_VARS.templateBg]: 'var(--mantine-color-dark-8)',
      [BRAND_VARS.boxBg]: 'var(--mantine-color-dark-7)',
      [BRAND_VARS.textColor]: 'var(--mantine-color-dark-0)',
    },
  });
}
