import type { Branding } from '@app/contracts';
import type { CSSVariablesResolver, MantineTheme, MantineThemeOverride } from '@mantine/core';
import { ensureContrast, mix, overlay, shadesFromHex } from './color-math';
import { FONT_STACKS, MONOSPACE_STACK } from './font-stacks';
import { readablePalette } from './palette-contrast';

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

/** The name of every modal's and drawer's close button (its icon says nothing to a screen reader). */
export const CLOSE_DIALOG_LABEL = 'Close';

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
  const other: BrandThemeOther = { branding, sidebarText: readablePalette(branding).sidebarText };
  return {
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 6 },
    colors: { brand: shadesFromHex(branding.link_color), sidebar: shadesFromHex(branding.sidebar_bgcolor) },
    fontFamily,
    fontFamilyMonospace: MONOSPACE_STACK,
    headings: { fontFamily },
    // Labels on filled buttons, badges and icons are black or white by the fill's luminance (Mantine's
    // threshold 0.179 is where both contrast equally), so any tenant colour gets a readable label.
    autoContrast: true,
    components: {
      // A link inside a sentence must not be told apart by colour alone (axe link-in-text-block).
      Anchor: { defaultProps: { underline: 'always' } },
      // Loaders carry an aria-label naming what loads; a span may only be labelled with a role.
      Loader: { defaultProps: { role: 'status' } },
      // A dialog's close button is an icon: every modal and drawer (the confirmations of
      // @mantine/modals too) gets its name here, once, instead of each screen remembering it
      // (axe button-name, critical: six modals had forgotten).
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_DIALOG_LABEL } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_DIALOG_LABEL } } },
      // A badge is a status word: cut to "NOT CO…" in a narrow table cell it says nothing, so it
      // keeps its full width and the column (or the table's scroll) makes room instead.
      Badge: { styles: { root: { minWidth: 'max-content' } } },
    },
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
  return (theme) => {
    const readable = readablePalette(branding);
    const lightSurfaces = [branding.box_bgcolor, branding.template_bgcolor, shade(theme, 'gray', 0)];
    const darkSurfaces = [shade(theme, 'dark', 7), shade(theme, 'dark', 8), shade(theme, 'dark', 6)];
    return {
      variables: {
        [BRAND_VARS.sidebarBg]: branding.sidebar_bgcolor,
        [BRAND_VARS.sidebarText]: readable.sidebarText,
        [BRAND_VARS.linkColor]: branding.link_color,
      },
      light: {
        [BRAND_VARS.templateBg]: branding.template_bgcolor,
        [BRAND_VARS.boxBg]: branding.box_bgcolor,
        [BRAND_VARS.textColor]: readable.text,
        '--mantine-color-body': branding.box_bgcolor,
        '--mantine-color-text': readable.text,
        '--mantine-color-anchor': readable.link,
        // Secondary text: the tenant's text colour faded toward the box, but never below AA.
        '--mantine-color-dimmed': ensureContrast(
          mix(readable.text, branding.box_bgcolor, 0.4),
          lightSurfaces,
        ),
        '--mantine-color-error': ensureContrast(shade(theme, 'red', 6), lightSurfaces),
        ...readableColorVariables(theme, 'light', lightSurfaces),
      },
      dark: {
        [BRAND_VARS.templateBg]: 'var(--mantine-color-dark-8)',
        [BRAND_VARS.boxBg]: 'var(--mantine-color-dark-7)',
        [BRAND_VARS.textColor]: 'var(--mantine-color-dark-0)',
        '--mantine-color-dimmed': ensureContrast(shade(theme, 'dark', 2), darkSurfaces),
        '--mantine-color-error': ensureContrast(shade(theme, 'red', 8), darkSurfaces),
        '--mantine-color-anchor': ensureContrast(shade(theme, 'brand', 4), darkSurfaces),
        ...readableColorVariables(theme, 'dark', darkSurfaces),
      },
    };
  };
}

const shade = (theme: MantineTheme, color: string, index: number): string =>
  theme.colors[color]?.[index] ?? '#000000';

/**
 * Mantine draws coloured text (`c="red"`, light and subtle buttons, badges, outlines) in shade 6 on
 * light pages and shades 1-4 on dark ones; several of its palettes miss AA there (red 6 on white is
 * 3.3:1). For every palette the theme holds, those text colours become the nearest ones that reach
 * AA on the scheme's surfaces, the light variant's own tint included. Shades and fills are unchanged.
 */
function readableColorVariables(
  theme: MantineTheme,
  scheme: 'light' | 'dark',
  surfaces: readonly string[],
): Record<string, string> {
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (shades.length !== 10 || !shades.every((c) => /^#[0-9a-f]{6}$/i.test(c))) continue;
    // The light variant's tint is 10% of shade 6 (light) or 15% of shade 4 (dark), 12% / 20% on hover;
    // checked at a little more than the hover's strength, over every surface the variant may sit on.
    const [textShade, lightShade, outlineShade, tintShade, tintOpacity] =
      scheme === 'light' ? [6, 6, 6, 6, 0.16] : [4, 1, 2, 4, 0.24];
    const tint = shades[tintShade] as string;
    const tinted = [...surfaces, ...surfaces.map((surface) => overlay(tint, tintOpacity, surface))];
    variables[`--mantine-color-${name}-text`] = ensureContrast(shades[textShade] as string, surfaces);
    variables[`--mantine-color-${name}-light-color`] = ensureContrast(shades[lightShade] as string, tinted);
    variables[`--mantine-color-${name}-outline`] = ensureContrast(shades[outlineShade] as string, surfaces);
  }
  return variables;
}
