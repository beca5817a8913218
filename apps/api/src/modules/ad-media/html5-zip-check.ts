import {
  AD_MEDIA_MAX_ZIP_BYTES,
  AD_MEDIA_MAX_ZIP_ENTRIES,
  AD_MEDIA_MAX_ZIP_UNPACKED_BYTES,
  AD_MEDIA_TEXTS,
  iabSizeOf,
} from '@app/contracts';
import { fileTypeFromBuffer } from 'file-type';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { badRequest } from '../../http-errors.js';
import { type CheckedImage, tooLarge } from './image-check.js';

const refused = (message: string) => badRequest(message, { file: message });

/** An index.html larger than this is no banner's page (and is not read into memory). */
const MAX_INDEX_BYTES = 512 * 1024;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * yauzl refuses unsafe names itself (absolute paths, `..` segments, backslashes with
 * `strictFileNames`); its messages end with the name.
 */
const UNSAFE_NAME = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/;

/** A name that stays inside the archive's folder when unpacked anywhere. */
function isSafeName(name: string): boolean {
  if (name.length === 0 || name.length > 255 || name.includes('\0')) return false;
  if (name.startsWith('/') || name.includes('\\') || /^[a-zA-Z]:/.test(name)) return false;
  return !name.split('/').some((segment) => segment === '..' || segment === '.');
}

function openZip(bytes: Buffer): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, strictFileNames: true, validateEntrySizes: true },
      (err, zip) => (err || !zip ? reject(err) : resolve(zip)),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    }),
  );
}

/** Every entry of the archive, read lazily; index.html's bytes when it is at the top level. */
async function walk(zip: ZipFile): Promise<{ index: Buffer | null }> {
  let unpacked = 0;
  let index: Buffer | null = null;
  return new Promise((resolve, reject) => {
    const fail = (err: unknown) => {
      zip.close();
      reject(err);
    };
    zip.on('error', (err: Error) => {
      const unsafe = UNSAFE_NAME.exec(err.message);
      fail(
        unsafe ? refused(AD_MEDIA_TEXTS.zipBadPath(unsafe[1] ?? '')) : refused(AD_MEDIA_TEXTS.zipUnreadable),
      );
    });
    zip.on('end', () => resolve({ index }));
    zip.on('entry', (entry: Entry) => {
      const name = entry.fileName;
      const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
      if (!isSafeName(name) || mode === S_IFLNK) return fail(refused(AD_MEDIA_TEXTS.zipBadPath(name)));
      // Sizes as declared: a bomb is refused before a byte of it is inflated (and yauzl checks
      // the declared size against what an entry really inflates to when one is read).
      unpacked += entry.uncompressedSize;
      if (unpacked > AD_MEDIA_MAX_ZIP_UNPACKED_BYTES)
        return fail(refused(AD_MEDIA_TEXTS.zipUnpackedTooLarge));
      if (name !== 'index.html') return zip.readEntry();
      if (entry.uncompressedSize > MAX_INDEX_BYTES) return fail(refused(AD_MEDIA_TEXTS.zipUnpackedTooLarge));
      readEntry(zip, entry).then(
        (bytes) => {
          index = bytes;
          zip.readEntry();
        },
        () => fail(refused(AD_MEDIA_TEXTS.zipUnreadable)),
      );
    });
    zip.readEntry();
  });
}

/**
 * The ad size an index.html declares, as Google's HTML5 ad format writes it:
 * `<meta name="ad.size" content="width=300,height=250">` (attributes in any order and quoting).
 */
export function declaredAdSize(html: string): { width: number; height: number } | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attribute = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
    const nameMatch = attribute('name');
    if ((nameMatch?.[1] ?? nameMatch?.[2] ?? nameMatch?.[3])?.toLowerCase() !== 'ad.size') continue;
    const contentMatch = attribute('content');
    const content = contentMatch?.[1] ?? contentMatch?.[2] ?? contentMatch?.[3] ?? '';
    const width = /\bwidth\s*=\s*(\d{1,5})\b/i.exec(content)?.[1];
    const height = /\bheight\s*=\s*(\d{1,5})\b/i.exec(content)?.[1];
    if (width && height) return { width: Number(width), height: Number(height) };
  }
  return null;
}

/**
 * An HTML5 ad by its bytes: a ZIP (by signature, `file-type`) of at most 1 MB, at most 100 entries
 * that unpack to at most 5 MB, every name inside the archive's folder and no links, and an
 * index.html at the top level that declares one of the IAB sizes. Read with `yauzl`; nothing of it
 * is ever unpacked to disk or served as a page.
 */
export async function checkHtml5Zip(bytes: Buffer): Promise<CheckedImage> {
  if (bytes.length > AD_MEDIA_MAX_ZIP_BYTES) throw tooLarge(AD_MEDIA_TEXTS.zipTooLarge);
  const type = await fileTypeFromBuffer(bytes);
  if (type?.mime !== 'application/zip') throw refused(AD_MEDIA_TEXTS.notZip);
  let zip: ZipFile;
  try {
    zip = await openZip(bytes);
  } catch {
    throw refused(AD_MEDIA_TEXTS.zipUnreadable);
  }
  if (zip.entryCount > AD_MEDIA_MAX_ZIP_ENTRIES) {
    zip.close();
    throw refused(AD_MEDIA_TEXTS.zipTooManyEntries);
  }
  const { index } = await walk(zip);
  if (!index) throw refused(AD_MEDIA_TEXTS.zipNoIndex);
  const size = declaredAdSize(index.toString('utf8'));
  if (!size) throw refused(AD_MEDIA_TEXTS.zipNoSize);
  if (!iabSizeOf(size.width, size.height))
    throw refused(AD_MEDIA_TEXTS.zipSizeNotIab(size.width, size.height));
  return { contentType: 'application/zip', ...size };
}
