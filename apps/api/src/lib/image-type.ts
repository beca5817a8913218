/** Raster image types accepted for pictures and logos, recognised by their first bytes (never by name). */
const SIGNATURES: { type: string; matches: (b: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', matches: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')) },
  {
    type: 'image/webp',
    matches: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

/**
 * The content type of an uploaded image, or null when the bytes are not one of the accepted raster
 * formats. SVG is refused on purpose: it can carry script.
 */
export function detectImageType(bytes: Buffer): string | null {
  return SIGNATURES.find((s) => s.matches(bytes))?.type ?? null;
}

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
