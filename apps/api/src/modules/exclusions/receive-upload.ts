import type { Readable } from 'node:stream';
import {
  EXCLUSION_TEXTS,
  type ExclusionListKind,
  isCsvFileName,
  normalizeUploadFileName,
} from '@app/contracts';
import type { CopyIn } from '@app/db';
import { badRequest, HttpError } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { ExclusionRepository } from './exclusion-repository.js';
import type { ListTargets } from './list-target.js';
import {
  parseUpload,
  type UploadCounts,
  UploadRowLimitError,
  UploadUnreadableError,
} from './upload-parser.js';

/*
 * `POST /tools/optout-client/upload` (decision 0092): the file is read as it arrives and its keys
 * COPYed into `suppression_staging` under a new upload row; nothing touches this process's disk.
 * Once the whole file is in, the upload is queued for the merge job. A refused file (not a CSV,
 * over the system's row limit, unreadable, nothing usable in it) leaves nothing behind.
 */

export interface ReceivedUpload {
  id: number;
  fileName: string;
  counts: UploadCounts;
}

export const NOTHING_USABLE = 'No e-mail address, MD5 or SHA-256 was found in this file.';
export const PURGED_WHILE_UPLOADING =
  'The list was purged while this file was being uploaded; nothing of it was kept.';

export function createUploadReceiver(deps: {
  repo: ExclusionRepository;
  targets: ListTargets;
  copyIn: CopyIn;
  /** The merge job is queued (any worker), and started here at once when this process merges. */
  queueMerge: (uploadId: number) => Promise<void>;
}) {
  return async function receiveUpload(
    p: Principal,
    form: { kind: ExclusionListKind; id: number },
    file: { name: string; stream: Readable },
  ): Promise<ReceivedUpload> {
    const target = await deps.targets.resolve(p, form.kind, form.id);
    if (!isCsvFileName(file.name))
      throw badRequest(EXCLUSION_TEXTS.invalidFile, { clientoptoutfile: EXCLUSION_TEXTS.invalidFile });
    const fileName = normalizeUploadFileName(file.name);
    const limit = await deps.repo.uploadRowLimit(target.systemId);
    await deps.repo.sweepAbandoned();
    const id = await deps.repo.createUpload({
      systemId: target.systemId,
      scope: target.scope,
      ownerId: target.ownerId,
      fileName,
      uploadedBy: p.actorUserId ?? p.userId,
    });
    const counts: UploadCounts = { total: 0, accepted: 0, rejected: 0, badLines: [] };
    try {
      await deps.copyIn(
        'suppression_staging',
        ['upload_id', 'seq', 'md5'],
        parseUpload(file.stream, id, limit, counts),
      );
    } catch (err) {
      await deps.repo.discard(id);
      if (err instanceof UploadRowLimitError || err instanceof UploadUnreadableError)
        throw badRequest(err.message);
      throw err;
    }
    if (counts.accepted === 0) {
      await deps.repo.discard(id);
      throw badRequest(counts.total === 0 ? 'The file is empty.' : NOTHING_USABLE);
    }
    if (!(await deps.repo.finishReceiving(id, counts))) {
      await deps.repo.discard(id);
      throw new HttpError(409, 'conflict', PURGED_WHILE_UPLOADING);
    }
    await deps.queueMerge(id);
    return { id, fileName, counts };
  };
}

export type UploadReceiver = ReturnType<typeof createUploadReceiver>;
