import type { FastifyReply } from 'fastify';
import { csvStream } from './csv-writer.js';
import type { ExportColumn, ExportRow } from './export-cells.js';
import { xlsxStream } from './xlsx-writer.js';

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export interface ExportFile {
  format: ExportFormat;
  /** The file's name without extension; the writer adds `.csv` or `.xlsx`. */
  baseName: string;
  /** The Excel sheet's name (default: the base name). */
  sheet?: string;
  columns: readonly ExportColumn[];
  /** The rows, pulled as the reader takes the bytes: batches from the database, never a whole table. */
  rows: AsyncIterable<ExportRow>;
  /** Extra headers (row counts, a truncation flag). */
  headers?: Record<string, string>;
}

/**
 * `content-disposition` for a download: a plain-ASCII `filename` for old clients (anything else
 * becomes '_', quotes and backslashes too) and the exact name as RFC 5987 `filename*`.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends an export: the content type and file name of its format, no caching, and the body as a
 * stream Fastify pipes to the socket, so the socket's pace sets how fast rows are read. A failure
 * after the first bytes can only cut the download short (the status has gone); it is logged.
 */
export function sendExport(reply: FastifyReply, file: ExportFile) {
  const fileName = `${file.baseName}.${file.format}`;
  const body =
    file.format === 'csv'
      ? csvStream(file.columns, file.rows)
      : xlsxStream(file.sheet ?? file.baseName, file.columns, file.rows);
  body.on('error', (error) => reply.log.error({ err: error, fileName }, 'export stream failed'));
  reply
    .header('content-type', EXPORT_CONTENT_TYPES[file.format])
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'no-store')
    .header('x-content-type-options', 'nosniff');
  for (const [name, value] of Object.entries(file.headers ?? {})) reply.header(name, value);
  // A stream is sent as is (no serialization); a route's response schema describes only its errors.
  return reply.send(body as never);
}
