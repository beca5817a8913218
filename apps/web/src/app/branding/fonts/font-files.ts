import type { FontTheme } from '@app/contracts';

/** The woff2 files (Latin subset) of one offered font, one per weight the theme uses. */
export interface FontFiles {
  family: string;
  faces: { weight: number; url: string }[];
}

/**
 * Each offered font is its own chunk (a few hundred bytes of URLs): a page downloads only the chosen
 * font's module, and the browser fetches a weight's woff2 only when text in that weight is drawn.
 */
export const FONT_FILES: Record<FontTheme, () => Promise<{ default: FontFiles }>> = {
  Poppins: () => import('./poppins'),
  Inter: () => import('./inter'),
  Roboto: () => import('./roboto'),
  'Open Sans': () => import('./open-sans'),
  Lato: () => import('./lato'),
  Montserrat: () => import('./montserrat'),
  'Source Sans 3': () => import('./source-sans-3'),
};

/** Fontsource's "latin" subset range: text outside it falls through to the next font of the stack. */
export const LATIN_RANGE =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';

/** What registering faces needs from the browser, so it can be exercised without one. */
export interface FontHost {
  fonts: { add(face: FontFace): unknown };
  createFace(family: string, source: string, descriptors: FontFaceDescriptors): FontFace;
}

const browserHost = (): FontHost => ({
  fonts: document.fonts,
  createFace: (family, source, descriptors) => new FontFace(family, source, descriptors),
});

const registered = new Set<FontTheme>();

/**
 * Registers the chosen font's faces with the document (once per font). `display: swap` paints text in
 * the fallback of the stack at once and in the font when it has arrived, so a slow or failed download
 * never hides the page. If the chunk cannot be loaded or there is no FontFace support (a test renderer),
 * nothing is registered, the fallback stack stays, and a later call tries again.
 */
export async function loadBrandFont(theme: FontTheme, host?: FontHost): Promise<void> {
  if (registered.has(theme)) return;
  registered.add(theme);
  try {
    const target = host ?? browserHost();
    const { default: files } = await FONT_FILES[theme]();
    // All faces are built before any is added, so a failure never leaves half a font registered.
    const faces = files.faces.map(({ weight, url }) =>
      target.createFace(files.family, `url(${JSON.stringify(url)}) format('woff2')`, {
        weight: String(weight),
        style: 'normal',
        display: 'swap',
        unicodeRange: LATIN_RANGE,
      }),
    );
    for (const face of faces) target.fonts.add(face);
  } catch {
    registered.delete(theme);
  }
}
