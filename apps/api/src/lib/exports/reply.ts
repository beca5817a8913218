import type { FastifyReply } from 'fastify';
import { csvStream } from './csv-writer.js';
import { type ExportColumn, type ExportItems, type ExportRow, oneByOne } from './export-cells.js';
import { xlsxStream } from './xlsx-writer.js';

export type ExportFormat = 'csv' | 'xlsx';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

interface ExportFileBase {
  format: ExportFormat;
  /** The file's name without extension; the writer adds `.csv` or `.xlsx`. */
  baseName: string;
  /** The Excel sheet's name (default: the base name). */
  sheet?: string;
  columns: readonly ExportColumn[];
  /** Extra headers (row counts, a truncation flag). */
  headers?: Record<string, string>;
}

/**
 * The rows are pulled as the reader takes the bytes, never a whole table: one at a time (`rows`),
 * or as the database answers them (`items`), which the writers turn into bytes without a pause
 * between rows — the way for long files.
 */
export type ExportFile<T = ExportRow> = ExportFileBase &
  ({ rows: AsyncIterable<ExportRow> } | { items: ExportItems<T> });

/**
 * `content-disposition` for a download: a plain-ASCII `filename` for old clients (anything else
 * becomes '_', quotes and backslashes too) and the exact name as RFC 5987 `filename*`.
 */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function writerFor<T>(file: ExportFileBase, items: ExportItems<T>) {
  return file.format === 'csv'
    ? csvStream(file.columns, items)
    : xlsxStream(file.sheet ?? file.baseName, file.columns, items);
}

/**
 * Sends an export: the content type and file name of its format, no caching, and the body as a
 * stream Fastify pipes to the socket, so the socket's pace sets how fast rows are read. A failure
 * after the first bytes can only cut the download short (the status has gone); it is logged.
 */
export function sendExport<T>(reply: FastifyReply, file: ExportFile<T>) {
  const fileName = `${file.baseName}.${file.format}`;
  const body = 'items' in file ? writerFor(file, file.items) : writerFor(file, oneByOne(file.rows));
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
