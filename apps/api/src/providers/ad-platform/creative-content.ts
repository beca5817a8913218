/*
 * What a creative file really is, read from its bytes (decision 0112): a platform takes an ad by its
 * content, not by the name or type the uploader claims. Images: PNG, JPEG and GIF with their pixel
 * size from the header; HTML5: a zip whose central directory lists an `index.html` at its root.
 * Small readers of the formats' fixed headers, so every adapter checks the same way with no
 * dependency; anything they cannot read is refused.
 */

export type CreativeType = 'image/png' | 'image/jpeg' | 'image/gif' | 'application/zip';

export interface ImageFacts {
  type: 'image/png' | 'image/jpeg' | 'image/gif';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const startsWith = (bytes: Buffer, prefix: Buffer | string) =>
  bytes
    .subarray(0, prefix.length)
    .equals(typeof prefix === 'string' ? Buffer.from(prefix, 'latin1') : prefix);

/** The type the bytes are, by their signature; null for anything else. */
export function sniffCreativeType(bytes: Buffer): CreativeType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (startsWith(bytes, 'GIF87a') || startsWith(bytes, 'GIF89a')) return 'image/gif';
  if (startsWith(bytes, 'PK\u0003\u0004')) return 'application/zip';
  return null;
}

/** An image's type and pixel size; null when it is not an image these readers understand. */
export function imageFacts(bytes: Buffer): ImageFacts | null {
  const type = sniffCreativeType(bytes);
  if (type === 'image/png') {
    // IHDR is the first chunk: length (4), "IHDR" (4), width (4), height (4).
    if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') return null;
    return { type, width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  }
  if (type === 'image/gif') {
    if (bytes.length < 10) return null;
    return { type, width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  }
  if (type === 'image/jpeg') return jpegFacts(bytes);
  return null;
}

/** Walks the JPEG's segments to the first start-of-frame, which holds the height and width. */
function jpegFacts(bytes: Buffer): ImageFacts | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1] as number;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return { type: 'image/jpeg', height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    if (length < 2) return null;
    at += 2 + length;
  }
  return null;
}

export interface ZipFacts {
  entries: string[];
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
/** An HTML5 ad is a handful of files; more is not an ad. */
export const MAX_ZIP_ENTRIES = 200;

/**
 * The entry names of a zip from its central directory; null when the directory cannot be read
 * (truncated, not a zip, or more entries than an ad has).
 */
export function zipFacts(bytes: Buffer): ZipFacts | null {
  if (sniffCreativeType(bytes) !== 'application/zip' || bytes.length < 22) return null;
  // The end-of-central-directory record is in the last 22 + 65,535 (comment) bytes.
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65_535); at--) {
    if (bytes.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = bytes.readUInt16LE(eocd + 10);
  const offset = bytes.readUInt32LE(eocd + 16);
  if (count > MAX_ZIP_ENTRIES) return null;
  const entries: string[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (at + 46 + nameLength > bytes.length) return null;
    entries.push(bytes.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return { entries };
}

/** An entry name that would leave the ad's folder when unpacked (`../x`, `/etc/x`, `C:\x`). */
export const escapesFolder = (name: string) =>
  name.startsWith('/') ||
  name.startsWith('\\') ||
  /^[a-zA-Z]:/.test(name) ||
  name.split(/[\\/]/).some((part) => part === '..');
