import type { Branding } from '@app/contracts';
import { AA_TEXT_CONTRAST, contrastRatio, ensureContrast, readableTextOn } from './color-math';

/** The five tenant colours; the branding form checks them before they are saved. */
export type Palette = Pick<
  Branding,
  'sidebar_bgcolor' | 'template_bgcolor' | 'box_bgcolor' | 'text_color' | 'link_color'
>;

/** One pair of tenant colours that falls short of WCAG AA, with its measured and required ratio. */
export interface ContrastIssue {
  pair: string;
  ratio: number;
  minimum: number;
}

/**
 * The pairs of chosen colours the light scheme shows (decision 0021): text on the box and on the page,
 * links (and the fill of buttons, which is the link colour) on the box. Text the platform picks itself —
 * button labels and sidebar text, black or white by luminance — always reaches AA and needs no check.
 */
export function paletteContrastIssues(palette: Palette): ContrastIssue[] {
  const checks: [pair: string, ratio: number, minimum: number][] = [
    [
      'Text Colour on Box Background',
      contrastRatio(palette.text_color, palette.box_bgcolor),
      AA_TEXT_CONTRAST,
    ],
    [
      'Text Colour on Page Background',
      contrastRatio(palette.text_color, palette.template_bgcolor),
      AA_TEXT_CONTRAST,
    ],
    [
      'Link Colour on Box Background',
      contrastRatio(palette.link_color, palette.box_bgcolor),
      AA_TEXT_CONTRAST,
    ],
  ];
  return checks
    .filter(([, ratio, minimum]) => ratio < minimum)
    .map(([pair, ratio, minimum]) => ({ pair, ratio, minimum }));
}

/** A ratio as people read it: 3.2:1 (rounded down, so 4.49 never shows as the passing 4.5). */
export const formatRatio = (ratio: number): string => `${Math.floor(ratio * 10) / 10}:1`;

/**
 * The text and link colours the light scheme actually uses: the tenant's own where they reach AA on
 * both the box and the page background, else the nearest darker (or lighter) colour that does.
 */
export function readablePalette(palette: Palette): { text: string; link: string; sidebarText: string } {
  const surfaces = [palette.box_bgcolor, palette.template_bgcolor];
  return {
    text: ensureContrast(palette.text_color, surfaces),
    link: ensureContrast(palette.link_color, surfaces),
    // White or near-black misses AA on a few mid-tones (near-black on #6f6f6f is 4.1:1): pushed further.
    sidebarText: ensureContrast(readableTextOn(palette.sidebar_bgcolor), [palette.sidebar_bgcolor]),
  };
}
