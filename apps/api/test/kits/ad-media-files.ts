import { type Zippable, zipSync } from 'fflate';

/*
 * HTML5 ads for the ad-media tests, written by fflate, which writes any entry name and attributes it
 * is given (unsafe ones included, as an attacker's tool would) and deflates (so a bomb is small).
 * Images come from `test/ad-creatives.ts`.
 */

/** The page of an HTML5 ad declaring its size. */
export const adPage = (width: number, height: number) =>
  `<!doctype html><html><head><meta charset="utf-8"><meta name="ad.size" content="width=${width},height=${height}"><title>Ad</title></head><body><a href="#">Click</a></body></html>`;

/** A ZIP of these entries (text or bytes); `symlinks` are written as symbolic links. */
export function zipOf(entries: Record<string, string | Uint8Array>, symlinks: string[] = []): Buffer {
  const files: Zippable = {};
  for (const [name, content] of Object.entries(entries)) {
    const data = typeof content === 'string' ? new TextEncoder().encode(content) : content;
    files[name] = symlinks.includes(name) ? [data, { os: 3, attrs: (0o120777 << 16) >>> 0 }] : data;
  }
  return Buffer.from(zipSync(files));
}

/** A valid HTML5 ad of the given size. */
export const html5AdOf = (width = 300, height = 250) =>
  zipOf({ 'index.html': adPage(width, height), 'images/logo.txt': 'logo', 'script.js': 'void 0;' });
