import { Readable } from 'node:stream';
import { CSV_BOM, csvRecord, csvText } from './csv-format.js';
import { cellText, checkWidth, type ExportColumn, type ExportItems, type ExportRow } from './export-cells.js';

/**
 * A row's CSV record. Text goes through `csvText` (quoting, formula defusing); numbers, money and
 * dates are ours, not a user's, so a negative amount stays a number (-0.05) instead of being quoted
 * as text.
 */
export function csvRecordOf(row: ExportRow): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    const cell = row[i];
    const text = typeof cell === 'string' ? csvText(cell) : cellText(cell);
    line = i === 0 ? text : `${line},${text}`;
  }
  return `${line}\r\n`;
}

/** Records are joined into chunks of about this many characters: fewer, larger writes to the socket. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A CSV file as a byte stream: a byte-order mark, the header, then one RFC 4180 record per item,
 * each cell formula-safe (`csvText`); the source's own `csvRecord` when it has one. A batch is
 * written without waiting between items; the next batch is pulled only as fast as the reader takes
 * the bytes (`Readable.from` asks for the next chunk when its buffer drains), so memory holds about
 * a batch and a chunk whatever the file's length. A reader that goes away stops the pull, which
 * closes the batches.
 */
export function csvStream<T>(columns: readonly ExportColumn[], items: ExportItems<T>): Readable {
  const width = columns.length;
  let index = 0;
  const record =
    items.csvRecord ??
    ((item: T) => {
      const cells = items.cells(item);
      checkWidth(cells, width, index);
      return csvRecordOf(cells);
    });
  async function* chunks() {
    let chunk = CSV_BOM + csvRecord(columns.map((c) => c.title));
    for await (const batch of items.batches)
      for (const item of batch) {
        chunk += record(item);
        index++;
        if (chunk.length >= CHUNK_CHARS) {
          yield chunk;
          chunk = '';
        }
      }
    if (chunk) yield chunk;
  }
  return Readable.from(chunks(), { objectMode: false, highWaterMark: CHUNK_CHARS });
}
