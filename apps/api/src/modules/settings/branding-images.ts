import { createHash, randomUUID } from 'node:crypto';
import type { BrandingImageKind } from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import { detectImageType, MAX_IMAGE_BYTES } from '../../lib/image-type.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import { inheritedColours } from '../tenancy/index.js';
import { loadCompany, requireKind } from './settings-access.js';
import type { SettingsRepository } from './settings-repository.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * True for a well-formed Windows icon: the ICONDIR header, a plausible number of entries, each
 * entry's data inside the file and itself a PNG or a BMP info header. Anything else is refused.
 */
export function isIco(bytes: Buffer): boolean {
  if (bytes.length < 22 || bytes.readUInt16LE(0) !== 0 || bytes.readUInt16LE(2) !== 1) return false;
  const count = bytes.readUInt16LE(4);
  const directoryEnd = 6 + 16 * count;
  if (count < 1 || count > 64 || bytes.length < directoryEnd) return false;
  for (let i = 0; i < count; i++) {
    const entry = 6 + 16 * i;
    if (bytes[entry + 3] !== 0) return false; // reserved byte
    const size = bytes.readUInt32LE(entry + 8);
    const offset = bytes.readUInt32LE(entry + 12);
    if (size < 8 || offset < directoryEnd || offset + size > bytes.length) return false;
    const data = bytes.subarray(offset, offset + size);
    const png = data.subarray(0, 8).equals(PNG_SIGNATURE);
    const bmp = data.length >= 40 && data.readUInt32LE(0) === 40;
    if (!png && !bmp) return false;
  }
  return true;
}

/** The content type of a branding image by its bytes; favicons may also be ICO files. */
export function detectBrandingImageType(bytes: Buffer, kind: BrandingImageKind): string | null {
  return detectImageType(bytes) ?? (kind === 'favicon' && isIco(bytes) ? 'image/x-icon' : null);
}

export const IMAGE_TOO_LARGE = 'The image must not be larger than 2 MB.';
export const imageTypeText = (kind: BrandingImageKind) =>
  kind === 'favicon'
    ? 'The favicon must be a PNG, JPEG, WebP, GIF or ICO image.'
    : 'The logo must be a PNG, JPEG, WebP or GIF image.';

/**
 * Logo and favicon of a root company or agency: checked by content (never by name; SVG is
 * refused), stored by the file provider, served publicly under the files URL like the domain
 * info's branding images.
 */
export function createBrandingImages(deps: {
  repo: SettingsRepository;
  storage: FileStorage;
  audit: AuditLog;
  invalidateDomains: () => void;
  filesBaseUrl: string;
}) {
  const { repo } = deps;

  return {
    async upload(p: Principal, companyId: number, kind: BrandingImageKind, bytes: Buffer, ip: string) {
      const company = await loadCompany(repo.company, companyId);
      requireKind(company, ['root', 'agency']);
      if (bytes.length === 0) throw badRequest('Choose an image to upload.', { file: 'required' });
      if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(IMAGE_TOO_LARGE, { file: IMAGE_TOO_LARGE });
      const contentType = detectBrandingImageType(bytes, kind);
      if (!contentType) throw badRequest(imageTypeText(kind), { file: imageTypeText(kind) });
      const storageKey = `${kind}/${randomUUID()}`;
      await deps.storage.put(storageKey, bytes, contentType);
      const file = await repo.insertFile({
        systemId: company.systemId,
        companyId: company.id,
        uploadedByUserId: p.userId,
        purpose: kind,
        contentType,
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        storageKey,
      });
      await repo.setBrandingImage(
        company.id,
        kind,
        file.id,
        // A branding row created by an upload starts from the look the company shows today.
        inheritedColours(await repo.shownBranding(company)),
      );
      deps.invalidateDomains();
      await deps.audit.record(
        settingsEvent(p, company.id, `${kind}_uploaded`, `Uploaded a new ${kind} for ${company.name}`, ip),
      );
      return {
        result: 'success' as const,
        message: kind === 'logo' ? 'The logo has been saved.' : 'The favicon has been saved.',
        url: `${deps.filesBaseUrl}/${file.id}`,
      };
    },

    async remove(p: Principal, companyId: number, kind: BrandingImageKind, ip: string) {
      const company = await loadCompany(repo.company, companyId);
      requireKind(company, ['root', 'agency']);
      if (await repo.branding(company.id)) {
        await repo.setBrandingImage(
          company.id,
          kind,
          null,
          // A branding row created by an upload starts from the look the company shows today.
          inheritedColours(await repo.shownBranding(company)),
        );
      }
      deps.invalidateDomains();
      await deps.audit.record(
        settingsEvent(p, company.id, `${kind}_removed`, `Removed the ${kind} of ${company.name}`, ip),
      );
      return {
        result: 'success' as const,
        message: kind === 'logo' ? 'The logo has been removed.' : 'The favicon has been removed.',
        url: null,
      };
    },
  };
}

export type BrandingImages = ReturnType<typeof createBrandingImages>;
