import type { FontTheme } from '@app/contracts';

/** The woff2 files (Latin subset) of one offered font, one per weight the theme uses. */
export interface FontFiles {
  family: string;
  faces: { weight: number; url: string }[];
}

/**
 * Every offered font's Latin woff2 files of the weights the theme draws (400, 500, 600, 700; Lato has
 * no 500 or 600, and the browser takes the nearest weight), as `@fontsource` ships them. Lazy: each file's
 * URL is a chunk of a few bytes, so a page downloads only the chosen font's URLs, and the browser fetches
 * a weight's woff2 only when text in that weight is drawn. The build emits no other subset or format.
 * (The path is the workspace root's node_modules, where npm puts `@fontsource`.)
 */
const FACE_URLS = import.meta.glob<string>(
  '../../../../../../node_modules/@fontsource/*/files/*-latin-{400,500,600,700}-normal.woff2',
  { query: '?url', import: 'default' },
);

/** `@fontsource`'s package name of a font: "Source Sans 3" is `source-sans-3`. */
const packageOf = (theme: FontTheme) => theme.toLowerCase().replaceAll(' ', '-');

/** The chosen font's files (no other font's URL is loaded). */
export async function fontFiles(theme: FontTheme): Promise<FontFiles> {
  const pkg = packageOf(theme);
  const face = new RegExp(`/@fontsource/${pkg}/files/${pkg}-latin-(\\d00)-normal\\.woff2$`);
  const faces = await Promise.all(
    Object.entries(FACE_URLS).flatMap(([path, load]) => {
      const weight = face.exec(path)?.[1];
      return weight ? [load().then((url) => ({ weight: Number(weight), url }))] : [];
    }),
  );
  return { family: theme, faces: faces.sort((a, b) => a.weight - b.weight) };
}

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
    const files = await fontFiles(theme);
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
