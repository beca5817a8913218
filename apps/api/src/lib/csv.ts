/**
 * The CSV cell and record format lives in `lib/exports` (decision 0043); the billing and Data Wallet
 * downloads build their streams from it here.
 */
import { CSV_BOM, csvRecord } from './exports/index.js';

export { CSV_BOM, csvCell, csvRecord } from './exports/index.js';

/**
 * A CSV file as a stream: the BOM and the header first, then one chunk per batch of records, so a
 * download of any length holds one batch in memory. The batches are pulled as the client reads
 * (`Readable.from` of this generator respects back-pressure).
 */
export async function* csvChunks(
  header: readonly unknown[],
  batches: AsyncIterable<readonly (readonly unknown[])[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(header);
  for await (const records of batches) if (records.length > 0) yield records.map(csvRecord).join('');
}
