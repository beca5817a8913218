import type { Readable } from 'node:stream';
import { AUDIENCE_TEXTS, type AudienceKeyKind, isCsvFileName, normalizeUploadFileName } from '@app/contracts';
import type { CopyIn } from '@app/db';
import { badRequest, HttpError } from '../../http-errors.js';
import {
  type KeyCsvCounts,
  KeyCsvRowLimitError,
  KeyCsvUnreadableError,
} from '../../lib/key-uploads/index.js';
import type { Principal } from '../tenancy/index.js';
import type { AudienceAccess } from './audience-access.js';
import { parseAudienceFile } from './audience-csv.js';
import type { AudienceRepository } from './audience-repository.js';

/*
 * `POST /leadspeek/simplifi/audience/upload` (decision 0114): the form names whose audience it is,
 * its name and what the file holds before the file comes, so the owner is checked before a byte is
 * stored. The file is read as it arrives (the shared key reader), e-mail addresses hashed on the
 * way, and the keys COPYed into `ad_audience_staging`; nothing touches this process's disk and no
 * address is kept anywhere. Once the whole file is in, the audience is `processing` and the job that
 * stores its keys is queued. A refused file (not a CSV, too many rows, too large, unreadable, nothing
 * usable in it) leaves nothing behind.
 */

export interface AudienceForm {
  companyId: number;
  name: string;
  kind: AudienceKeyKind;
}

export function createReceiveAudience(deps: {
  repo: AudienceRepository;
  access: Pick<AudienceAccess, 'owner'>;
  copyIn: CopyIn;
  maxRows: number;
  /** The job is queued (any worker), and started here at once when this process runs jobs. */
  queueMerge: (audienceId: number) => Promise<void>;
}) {
  return async function receiveAudience(
    p: Principal,
    form: AudienceForm,
    file: { name: string; stream: Readable },
  ): Promise<number> {
    const owner = await deps.access.owner(p, form.companyId);
    if (!isCsvFileName(file.name))
      throw badRequest(AUDIENCE_TEXTS.invalidFile, { audiencefile: AUDIENCE_TEXTS.invalidFile });
    await deps.repo.sweepAbandoned();
    const id = await deps.repo.create({
      systemId: owner.systemId,
      companyId: owner.companyId,
      agencyId: owner.agencyId,
      uploadedBy: p.actorUserId ?? p.userId,
      name: form.name,
      keyKind: form.kind,
      fileName: normalizeUploadFileName(file.name),
    });
    const counts: KeyCsvCounts = { total: 0, accepted: 0, rejected: 0, badLines: [] };
    try {
      await deps.copyIn(
        'ad_audience_staging',
        ['audience_id', 'seq', 'md5'],
        parseAudienceFile(file.stream, { id, kind: form.kind, limit: deps.maxRows, counts }),
      );
    } catch (err) {
      await deps.repo.discard(id);
      if (err instanceof KeyCsvRowLimitError || err instanceof KeyCsvUnreadableError)
        throw badRequest(err.message);
      throw err;
    }
    if (counts.accepted === 0) {
      await deps.repo.discard(id);
      throw badRequest(counts.total === 0 ? AUDIENCE_TEXTS.empty : AUDIENCE_TEXTS.nothingUsable[form.kind]);
    }
    if (!(await deps.repo.finishReceiving(id, counts))) {
      await deps.repo.discard(id);
      throw new HttpError(409, 'conflict', 'The audience was deleted while its file was being uploaded.');
    }
    await deps.queueMerge(id);
    return id;
  };
}

export type ReceiveAudience = ReturnType<typeof createReceiveAudience>;
