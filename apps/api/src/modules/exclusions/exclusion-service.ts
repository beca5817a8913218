import { createHash } from 'node:crypto';
import type {
  ExclusionJobProgress,
  ExclusionListKind,
  ExclusionListResponse,
  ExclusionProgressResponse,
  ExclusionSearchResponse,
  ExclusionUpload,
} from '@app/contracts';
import { classifySuppressionEntry } from '@app/lead-engine';
import { badRequest, notFound } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { PersonNamesOf } from '../users/index.js';
import type { ExclusionRepository, UploadRow } from './exclusion-repository.js';
import type { ListTarget, ListTargets } from './list-target.js';

/*
 * The reads and the purge of one list (spec 2 §7 "Exclusion lists", decision 0092): the progress
 * call the upload modal polls, the list with its uploads, the purge, the download of what is
 * stored, the search "is this address suppressed, and by which list?", and the system's limit.
 */

const success = <T>(data: T) => ({ result: 'success' as const, data });
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Download pages: keys per read (keyset on the list's primary key). */
const DOWNLOAD_PAGE = 10_000;

export function createExclusionService(deps: {
  repo: ExclusionRepository;
  targets: ListTargets;
  personNames: PersonNamesOf;
}) {
  const { repo, targets } = deps;

  async function uploadsOut(target: ListTarget, rows: UploadRow[]): Promise<ExclusionUpload[]> {
    const names = await deps.personNames(target.systemId, [
      ...new Set(rows.flatMap((r) => (r.uploaded_by === null ? [] : [Number(r.uploaded_by)]))),
    ]);
    return rows.map((r) => ({
      id: Number(r.id),
      filename: r.file_name,
      status: r.status,
      uploaded_by: (r.uploaded_by !== null && names.get(Number(r.uploaded_by))) || '',
      created_at: iso(r.created_at) ?? '',
      finished_at: iso(r.finished_at),
      total_rows: r.total_rows,
      accepted_rows: r.accepted_rows,
      rejected_rows: r.rejected_rows,
      added_rows: r.added_rows,
      bad_lines: r.bad_lines,
    }));
  }

  const progressOf = (r: UploadRow): ExclusionJobProgress => ({
    id: Number(r.id),
    filename: r.file_name,
    status: r.status,
    // 100 % only once the last range is committed (reported by exactly one progress call).
    percentage:
      r.status === 'done'
        ? 100
        : r.accepted_rows === 0
          ? 0
          : Math.min(99, Math.floor((r.merged_rows * 100) / r.accepted_rows)),
    current_row: r.status === 'done' ? r.accepted_rows : r.merged_rows,
    total_row: r.accepted_rows,
    error: r.error,
  });

  return {
    async progress(p: Principal, kind: ExclusionListKind, id: number): Promise<ExclusionProgressResponse> {
      const target = await targets.resolve(p, kind, id);
      const { rows, running } = await repo.progress(target);
      return success({ jobProgress: rows.map(progressOf), jobDone: running === 0 });
    },

    async list(p: Principal, kind: ExclusionListKind, id: number): Promise<ExclusionListResponse> {
      const target = await targets.resolve(p, kind, id);
      const [entries, uploadRowLimit, rows] = await Promise.all([
        repo.entryCount(target),
        repo.uploadRowLimit(target.systemId),
        repo.uploads(target),
      ]);
      return success({
        list: { kind: target.kind, id: target.id, name: target.name, entries, uploadRowLimit },
        uploads: await uploadsOut(target, rows),
      });
    },

    async uploadOut(p: Principal, kind: ExclusionListKind, id: number, uploadId: number) {
      const target = await targets.resolve(p, kind, id);
      const row = (await repo.uploads(target, 200)).find((r) => Number(r.id) === uploadId);
      if (!row) throw notFound();
      const [out] = await uploadsOut(target, [row]);
      return out as ExclusionUpload;
    },

    async purge(p: Principal, kind: ExclusionListKind, id: number) {
      const target = await targets.resolve(p, kind, id);
      return success(await repo.purge(target));
    },

    /** The list's keys, hashes only (never an e-mail: an e-mail is stored as its MD5), in key order. */
    async download(p: Principal, kind: ExclusionListKind, id: number) {
      const target = await targets.resolve(p, kind, id);
      async function* keys() {
        let after = '';
        for (;;) {
          const page = await repo.keysAfter(target, after, DOWNLOAD_PAGE);
          for (const key of page) yield [key, key.length === 64 ? 'sha256' : 'md5'];
          if (page.length < DOWNLOAD_PAGE) return;
          after = page[page.length - 1] as string;
        }
      }
      return { fileName: `${target.kind}-${target.id}-exclusion-list.csv`, rows: keys() };
    },

    async search(
      p: Principal,
      kind: ExclusionListKind,
      id: number,
      query: string,
    ): Promise<ExclusionSearchResponse> {
      const target = await targets.resolve(p, kind, id);
      const entry = classifySuppressionEntry(query, md5);
      if (!entry)
        throw badRequest('Enter an e-mail address, an MD5 or a SHA-256.', {
          query: 'Enter an e-mail address, an MD5 or a SHA-256.',
        });
      const applied = await targets.applied(target);
      const hits = await repo.holding(applied, entry.key);
      const held = new Set(hits.map((h) => `${h.scope}:${h.ownerId}`));
      const lists = applied
        .filter((l) => held.has(`${l.scope}:${l.ownerId}`))
        .map((l) => ({ kind: l.kind, id: l.id, name: l.name }));
      return success({ key: entry.key, suppressed: lists.length > 0, lists });
    },

    /** One page of a list's entries (the Open API's suppression entries, decision 0100). */
    async entriesPage(p: Principal, kind: ExclusionListKind, id: number, after: string, limit: number) {
      const target = await targets.resolve(p, kind, id);
      const rows = await repo.entriesAfter(target, after, limit);
      return rows.map((r) => ({ md5: r.md5, created_at: new Date(r.created_at).toISOString() }));
    },

    /**
     * Adds e-mails (stored as the MD5 of their trimmed lower-cased text, as uploads store them) and
     * MD5s to a list; answers how many were new.
     */
    async addEntries(
      p: Principal,
      kind: ExclusionListKind,
      id: number,
      input: { emails: string[]; md5s: string[] },
    ) {
      const target = await targets.resolve(p, kind, id);
      const keys = [
        ...new Set([
          ...input.emails.map((e) => md5(e.trim().toLowerCase())),
          ...input.md5s.map((m) => m.toLowerCase()),
        ]),
      ];
      const added = await repo.addEntries(target, keys);
      return { added, already_listed: keys.length - added };
    },

    async setUploadRowLimit(p: Principal, companyRootId: number, limit: number) {
      const target = await targets.resolve(p, 'optout', companyRootId);
      await repo.setUploadRowLimit(target.systemId, limit);
      return success({ uploadRowLimit: limit });
    },
  };
}

export type ExclusionService = ReturnType<typeof createExclusionService>;
