import { createHash, randomBytes } from 'node:crypto';
import { AD_MEDIA_TEXTS } from '@app/contracts';
import { zipSync } from 'fflate';
import { notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { MediaRepository, MediaRow } from './media-repository.js';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a spent link answers: the one file, or a ZIP of them all. */
export interface DownloadFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/zip': 'zip',
};

/** A file name from the media's name: its own characters, and the extension of what the bytes are. */
export function fileNameOf(media: Pick<MediaRow, 'id' | 'name' | 'contentType'>): string {
  const base =
    media.name.replace(/[^\p{L}\p{N} ._-]+/gu, '_').replace(/^[ .]+|[ .]+$/g, '') || `media-${media.id}`;
  return `${base.slice(0, 100)}.${EXTENSIONS[media.contentType] ?? 'bin'}`;
}

/**
 * Single-use download links (`GET /generate-download-token/{media_ids}`): the caller's scope is
 * checked for every id when the link is made; the link carries 32 random bytes of which only the
 * SHA-256 is stored, lives five minutes, and is spent by its first use (one conditional UPDATE).
 */
export function createDownloadLinks(deps: {
  repo: Pick<MediaRepository, 'insertToken' | 'spendToken' | 'findMany'>;
  storage: FileStorage;
  inScope: (p: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  /** Where the API answers, as the web app reaches it (`/api`, or an absolute base). */
  publicApiBase: string;
}) {
  return {
    async issue(p: Principal, mediaIds: readonly number[]) {
      await deps.moduleAccess.requireReadable(p, 'simplifi');
      // One id outside the caller's scope refuses the whole link, as an unknown id would.
      for (const id of mediaIds) if (!(await deps.inScope(p, 'adMedia', id))) throw notFound();
      const token = randomBytes(32).toString('base64url');
      const { expiresAt } = await deps.repo.insertToken({
        tokenHash: hashOf(token),
        systemId: p.systemId,
        userId: p.userId,
        mediaIds: [...mediaIds],
      });
      return {
        url: `${deps.publicApiBase}/media/download/${token}`,
        expires_at: expiresAt.toISOString(),
        media_ids: [...mediaIds],
      };
    },

    /** The files of a link, once: a used, expired or unknown link answers 404. */
    async spend(token: string): Promise<DownloadFile> {
      const spent = await deps.repo.spendToken(hashOf(token));
      if (!spent) throw notFound(AD_MEDIA_TEXTS.linkUsed);
      const rows = (await deps.repo.findMany(spent.mediaIds)).filter((r) => r.systemId === spent.systemId);
      const files = await Promise.all(
        rows.map(async (row) => ({ row, bytes: await deps.storage.get(row.storageKey) })),
      );
      const present = files.flatMap(({ row, bytes }) => (bytes ? [{ row, bytes }] : []));
      const [only] = present;
      if (!only || present.length !== spent.mediaIds.length) throw notFound(AD_MEDIA_TEXTS.linkUsed);
      if (present.length === 1)
        return { fileName: fileNameOf(only.row), contentType: only.row.contentType, bytes: only.bytes };
      // Several files: one archive, each stored as it is (images and ZIPs are compressed already).
      const entries: Record<string, Uint8Array> = {};
      for (const { row, bytes } of present) entries[`${row.id}-${fileNameOf(row)}`] = bytes;
      return {
        fileName: `media-${present.map((f) => f.row.id).join('-')}.zip`.slice(0, 120),
        contentType: 'application/zip',
        bytes: Buffer.from(zipSync(entries, { level: 0 })),
      };
    },
  };
}

export type DownloadLinks = ReturnType<typeof createDownloadLinks>;
