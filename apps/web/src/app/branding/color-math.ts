import type { MantineColorsTuple } from '@mantine/core';

/** Colour arithmetic on validated `#rrggbb` strings only; anything else is a programming error upstream. */

type Rgb = readonly [number, number, number];

export function hexToRgb(hex: string): Rgb {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return [
    Number.parseInt(match[1] as string, 16),
    Number.parseInt(match[2] as string, 16),
    Number.parseInt(match[3] as string, 16),
  ];
}

export function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mixRgb(hex: string, target: Rgb, amount: number): string {
  const [r, g, b] = hexToRgb(hex);
  return rgbToHex([r + (target[0] - r) * amount, g + (target[1] - g) * amount, b + (target[2] - b) * amount]);
}

/**
 * Mantine wants ten shades per colour (light to dark). The tenant gives one, so it becomes shade 6 (the
 * primary shade we configure) and the others are tints and shades of it; buttons and links then show the
 * tenant's exact colour.
 */
export function shadesFromHex(hex: string): MantineColorsTuple {
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const base = rgbToHex(hexToRgb(hex));
  return [
    mixRgb(base, white, 0.92),
    mixRgb(base, white, 0.82),
    mixRgb(base, white, 0.66),
    mixRgb(base, white, 0.5),
    mixRgb(base, white, 0.33),
    mixRgb(base, white, 0.16),
    base,
    mixRgb(base, black, 0.15),
    mixRgb(base, black, 0.3),
    mixRgb(base, black, 0.45),
  ];
}

/** WCAG relative luminance, used to keep sidebar text readable whatever colour a tenant picks. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = hexToRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#1b1f2a';

/** The text colour (white or near-black) that contrasts most with `background`. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, LIGHT_TEXT) >= contrastRatio(background, DARK_TEXT)
    ? LIGHT_TEXT
    : DARK_TEXT;
}

/** WCAG 2 AA minimum contrast for normal-size text. */
export const AA_TEXT_CONTRAST = 4.5;

/** `from` moved `amount` (0..1) of the way to `to`. */
export function mix(from: string, to: string, amount: number): string {
  return mixRgb(from, hexToRgb(to), amount);
}

/** `top` drawn at `opacity` over `bottom`: the colour the eye (and axe) sees for a tinted surface. */
export function overlay(top: string, opacity: number, bottom: string): string {
  return mixRgb(bottom, hexToRgb(top), opacity);
}

/** The lowest contrast `foreground` has against any of `backgrounds`. */
export function lowestContrast(foreground: string, backgrounds: readonly string[]): number {
  return Math.min(...backgrounds.map((background) => contrastRatio(foreground, background)));
}

/**
 * `foreground` itself if it reaches `minimum` against every background, else the closest colour that
 * does: mixed step by step toward black (light backgrounds) or white (dark ones), so a tenant's hue is
 * kept and only its lightness moves. Pure black or white is the last resort.
 */
export function ensureContrast(
  foreground: string,
  backgrounds: readonly string[],
  minimum = AA_TEXT_CONTRAST,
): string {
  const base = rgbToHex(hexToRgb(foreground));
  if (lowestContrast(base, backgrounds) >= minimum) return base;
  const darkBackgrounds = backgrounds.filter((b) => readableTextOn(b) === LIGHT_TEXT).length;
  const target: Rgb = darkBackgrounds > backgrounds.length / 2 ? [255, 255, 255] : [0, 0, 0];
  for (let step = 1; step <= 20; step += 1) {
    const candidate = mixRgb(base, target, step / 20);
    if (lowestContrast(candidate, backgrounds) >= minimum) return candidate;
  }
  return rgbToHex(target);
}
