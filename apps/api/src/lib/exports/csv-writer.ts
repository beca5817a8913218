import { Readable } from 'node:stream';
import { CSV_BOM, csvCell, csvRecord } from './csv-format.js';
import { cellText, checkWidth, type ExportCell, type ExportColumn, type ExportRow } from './export-cells.js';

/**
 * Text goes through `csvCell` (quoting, formula defusing); numbers, money and dates are ours, not a
 * user's, so a negative amount stays a number (-0.05) instead of being quoted as text.
 */
const csvOf = (cell: ExportCell) => (typeof cell === 'string' ? csvCell(cell) : cellText(cell));

/** Records are joined into chunks of about this many characters: fewer, larger writes to the socket. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A CSV file as a byte stream: a byte-order mark, the header, then one RFC 4180 record per row, each
 * cell formula-safe (`csvCell`). Rows are pulled from `rows` only as fast as the reader takes the
 * bytes (`Readable.from` asks for the next chunk when its buffer drains), so memory holds about one
 * chunk whatever the file's length. A reader that goes away stops the pull, which closes `rows`.
 */
export function csvStream(columns: readonly ExportColumn[], rows: AsyncIterable<ExportRow>): Readable {
  async function* chunks() {
    let chunk = CSV_BOM + csvRecord(columns.map((c) => c.title));
    let index = 0;
    for await (const row of rows) {
      checkWidth(row, columns.length, index++);
      chunk += `${row.map(csvOf).join(',')}\r\n`;
      if (chunk.length >= CHUNK_CHARS) {
        yield chunk;
        chunk = '';
      }
    }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_CHARS });
}
