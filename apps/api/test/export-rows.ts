import { asCents } from '@app/contracts';
import type { ExportColumn, ExportRow } from '../src/lib/exports/index.js';

/** The columns of the lead-like rows the export tests and the exports bench stream. */
export const LEAD_LIKE_COLUMNS: ExportColumn[] = [
  'Id',
  'Name',
  'E-mail',
  'Phone',
  'Address',
  'Campaign',
  'Price',
  'When',
].map((title) => ({ title }));

/** Lead-like synthetic rows, made as they are pulled (as a keyset reader would hand them over). */
export async function* leadLikeRows(count: number): AsyncGenerator<ExportRow> {
  const when = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    yield [
      i,
      `Person ${i} Example-Name`,
      `person.${i}@example.test`,
      `+1 555 ${String(i % 10_000).padStart(4, '0')}`,
      `${i} Long Street Name, Springfield, IL 62701`,
      `Campaign ${i % 97} of a very descriptive kind`,
      { cents: asCents(i % 50_000) },
      new Date(when + i * 1000),
    ];
  }
}

/** The same rows in batches of `size`, as a database reader hands them over. */
export async function* leadLikeBatches(count: number, size: number): AsyncGenerator<ExportRow[]> {
  let batch: ExportRow[] = [];
  for await (const row of leadLikeRows(count)) {
    batch.push(row);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}
