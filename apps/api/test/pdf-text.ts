import { inflateSync } from 'node:zlib';

/**
 * The text a PDF draws, read back the plain way (test support): every content stream is inflated when
 * compressed, and the strings of its text operators (`<hex> Tj`, `(literal) Tj`) are decoded as the
 * single-byte codes the standard fonts use. Enough for PDFs made with pdf-lib's standard fonts.
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const text: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    let from = start + 'stream'.length;
    if (raw[from] === 0x0d) from++;
    if (raw[from] === 0x0a) from++;
    const end = raw.indexOf('endstream', from, 'latin1');
    if (end < 0) break;
    const body = raw.subarray(from, end);
    at = end + 'endstream'.length;
    let content: string;
    try {
      content = inflateSync(body).toString('latin1');
    } catch {
      content = body.toString('latin1');
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (match[1] !== undefined) text.push(Buffer.from(match[1], 'hex').toString('latin1'));
      else text.push((match[2] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return text.join('\n');
}
