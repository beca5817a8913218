import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  type BannerDesign,
  type BannerElement,
  type BannerPicture,
  bannerLayout,
  type FontTheme,
  type IabSizeKey,
  iabSize,
} from '@app/contracts';
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';

const require = createRequire(import.meta.url);

/** The weights the layout draws: 400 (text) and 700 (headline, call to action). */
const WEIGHTS = [400, 700] as const;
type SatoriFont = { name: string; data: Buffer; weight: (typeof WEIGHTS)[number]; style: 'normal' };

/**
 * A font's files as `@fontsource` ships them (the web app draws the preview with the same family).
 * satori reads WOFF, not WOFF2; the Latin subset covers what a banner's texts may hold. Read once
 * per font and kept: no network, no font of the machine.
 */
const fonts = new Map<FontTheme, Promise<SatoriFont[]>>();
function fontOf(theme: FontTheme): Promise<SatoriFont[]> {
  let loaded = fonts.get(theme);
  if (!loaded) {
    const pkg = theme.toLowerCase().replaceAll(' ', '-');
    loaded = Promise.all(
      WEIGHTS.map(async (weight) => ({
        name: theme,
        data: await readFile(require.resolve(`@fontsource/${pkg}/files/${pkg}-latin-${weight}-normal.woff`)),
        weight,
        style: 'normal' as const,
      })),
    );
    // A failed read is not kept: the next render tries again.
    loaded.catch(() => fonts.delete(theme));
    fonts.set(theme, loaded);
  }
  return loaded;
}

/** The banner's picture as satori takes it: its bytes inline, and its own size. */
export interface PictureData extends BannerPicture {
  contentType: string;
  bytes: Buffer;
}

/** The layout's element tree as satori's element objects (what JSX would have made). */
function satoriElement(element: BannerElement, picture: PictureData | null): unknown {
  if (element.tag === 'img') {
    const src = picture ? `data:${picture.contentType};base64,${picture.bytes.toString('base64')}` : '';
    return {
      type: 'img',
      props: { src, width: element.style.width, height: element.style.height, style: element.style },
    };
  }
  const children = element.text ?? (element.children ?? []).map((child) => satoriElement(child, picture));
  return { type: 'div', props: { style: element.style, children } };
}

/**
 * A banner in one IAB size as a PNG: the shared layout (`@app/contracts` bannerLayout, the one the
 * browser's preview draws) laid out and set in type by satori into an SVG, which resvg rasterises.
 * Text becomes outlines in the SVG, so no font is needed to rasterise it and any text is inert.
 */
export async function renderBannerPng(
  design: BannerDesign,
  sizeKey: IabSizeKey,
  picture: PictureData | null,
): Promise<Buffer> {
  const { width, height } = iabSize(sizeKey);
  const tree = bannerLayout(design, sizeKey, picture);
  const svg = await satori(satoriElement(tree, picture) as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: await fontOf(design.font),
  });
  return new Resvg(svg, { fitTo: { mode: 'original' } }).render().asPng();
}
