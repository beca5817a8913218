import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** A CSV download as made by a module: the body (a stream for long files), its name and row count. */
export interface CsvFile {
  body: string | Readable;
  fileName: string;
  /** Data rows in the file (header excluded), sent as `x-total-rows`. */
  total: number;
  /** More rows existed than the file holds (`x-rows-truncated: true`). */
  truncated: boolean;
}

/** Answers a CSV file as an attachment, never cached; a stream is sent as the client reads it. */
export function sendCsv(reply: FastifyReply, file: CsvFile) {
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .header('cache-control', 'no-store')
    .header('x-total-rows', String(file.total));
  if (file.truncated) reply.header('x-rows-truncated', 'true');
  return reply.send(file.body);
}
