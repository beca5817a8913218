/**
 * Which sources make up a built chunk, by minified bytes (the build's module map).
 * Build with source maps to a scratch folder first, e.g.
 *   (cd apps/web && npx vite build --sourcemap --outDir /tmp/web-sm --emptyOutDir)
 *   node scripts/module-map.mjs /tmp/web-sm/js/index-*.js [--files]
 * Without --files, sources are grouped per npm package; with it, every file is listed.
 */
import fs from 'node:fs';

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes one mapping segment (base64 VLQ) into its numbers. */
function decodeSegment(text) {
  const values = [];
  let value = 0;
  let shift = 0;
  for (const char of text) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) throw new Error(`Not a source-map segment: ${text}`);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >> 1) : value >> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Minified characters per source: each mapped span counts for the source it came from. */
export function sizesBySource(code, map) {
  const lines = code.split('\n');
  const sizes = new Map();
  let source = 0;
  map.mappings.split(';').forEach((line, lineIndex) => {
    const segments = line.split(',').filter(Boolean).map(decodeSegment);
    const text = lines[lineIndex] ?? '';
    let column = 0;
    segments.forEach((segment, index) => {
      column += segment[0];
      if (segment.length > 1) source += segment[1];
      const end = index + 1 < segments.length ? column + segments[index + 1][0] : text.length;
      const name = map.sources[source] ?? '(unmapped)';
      sizes.set(name, (sizes.get(name) ?? 0) + (end - column));
    });
  });
  return sizes;
}

function groupName(source, perFile) {
  const npm = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)(\/.*)?$/);
  if (npm) return perFile ? `${npm[1]}${npm[2] ?? ''}` : `npm:${npm[1]}`;
  return source.replace(/^.*\/(apps|packages)\//, '$1/');
}

const args = process.argv.slice(2);
const perFile = args.includes('--files');
const files = args.filter((arg) => arg !== '--files');
if (files.length === 0) {
  console.error(
    'usage: node scripts/module-map.mjs <chunk.js>... [--files]  (each needs its .js.map beside it)',
  );
  process.exit(1);
}
const totals = new Map();
for (const file of files) {
  const mapFile = `${file}.map`;
  if (!fs.existsSync(mapFile)) throw new Error(`${mapFile} is missing: build with --sourcemap`);
  const sizes = sizesBySource(fs.readFileSync(file, 'utf8'), JSON.parse(fs.readFileSync(mapFile, 'utf8')));
  for (const [source, size] of sizes) {
    const name = groupName(source, perFile);
    totals.set(name, (totals.get(name) ?? 0) + size);
  }
}
for (const [name, size] of [...totals].sort((a, b) => b[1] - a[1]))
  console.log(String(size).padStart(8), name);
