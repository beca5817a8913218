import { createHash, randomUUID } from 'node:crypto';
import type { AdMediaKind, AdMediaOrigin } from '@app/contracts';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { CheckedImage } from './image-check.js';
import type { MediaOwner } from './media-owner.js';
import type { MediaRepository, MediaRow } from './media-repository.js';

export interface MediaToStore {
  owner: MediaOwner;
  uploadedByUserId: number | null;
  campaignId: number | null;
  kind: AdMediaKind;
  origin: AdMediaOrigin;
  name: string;
  /** What the content check found the bytes to be. */
  checked: CheckedImage;
  bytes: Buffer;
  clickUrl: string | null;
}

/**
 * Keeps checked media: the bytes first, under a new key of the file-storage port (every API and
 * worker process reads the same store), then the row that names them. A failed insert leaves
 * unreferenced bytes, never a row without its file.
 */
export function createMediaStore(deps: { repo: Pick<MediaRepository, 'insert'>; storage: FileStorage }) {
  return async function store(media: MediaToStore): Promise<MediaRow> {
    const storageKey = `ad-media/${randomUUID()}`;
    await deps.storage.put(storageKey, media.bytes, media.checked.contentType);
    return deps.repo.insert({
      systemId: media.owner.systemId,
      companyId: media.owner.companyId,
      agencyId: media.owner.agencyId,
      uploadedByUserId: media.uploadedByUserId,
      campaignId: media.campaignId,
      kind: media.kind,
      origin: media.origin,
      name: media.name,
      contentType: media.checked.contentType,
      sizeBytes: media.bytes.length,
      width: media.checked.width,
      height: media.checked.height,
      sha256: createHash('sha256').update(media.bytes).digest('hex'),
      storageKey,
      clickUrl: media.clickUrl,
    });
  };
}

export type MediaStore = ReturnType<typeof createMediaStore>;
