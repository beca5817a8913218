import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { EMBED_CAMPAIGN_ATTRIBUTE, PIXEL_ENDPOINT_PATH, PIXEL_URL_MAX_LENGTH } from '@app/contracts';
import { transform } from 'esbuild';

/** The pixel's readable source (a browser script, type-checked with the API's DOM types). */
export const PIXEL_SOURCE = join(import.meta.dirname, 'px-script.browser.ts');

/** The most the script may weigh, gzip-compressed (issue 11: "≤ 2 KB gzip"). */
export const PIXEL_GZIP_BUDGET = 2048;

/** The built pixel, held in memory and served as is. */
export interface PixelScript {
  code: Buffer;
  gzip: Buffer;
  /** A strong validator of the bytes (quoted, as the header carries it). */
  etag: string;
}

/**
 * Builds /px.js from its source once, at start: minified to one IIFE for browsers of the last
 * years (ES2017), with the contract's constants written in, so the script and the pixel endpoint
 * agree by construction.
 */
export async function buildPixelScript(): Promise<PixelScript> {
  const source = await readFile(PIXEL_SOURCE, 'utf8');
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'iife',
    target: 'es2017',
    minify: true,
    legalComments: 'none',
    define: {
      PX_ENDPOINT_PATH: JSON.stringify(PIXEL_ENDPOINT_PATH),
      PX_CAMPAIGN_ATTRIBUTE: JSON.stringify(EMBED_CAMPAIGN_ATTRIBUTE),
      PX_URL_MAX_LENGTH: String(PIXEL_URL_MAX_LENGTH),
    },
  });
  const bytes = Buffer.from(code, 'utf8');
  return {
    code: bytes,
    gzip: gzipSync(bytes, { level: 9 }),
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  };
}
