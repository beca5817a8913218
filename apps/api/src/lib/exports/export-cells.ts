import { type Cents, centsToDollars } from '@app/contracts';

/**
 * What an export row's cell may hold. Money is `{ cents }` — the writers turn it into dollars
 * through `@app/contracts`' one conversion, never by arithmetic of their own.
 */
export type ExportCell = string | number | boolean | Date | null | undefined | { cents: Cents };

export interface ExportColumn {
  title: string;
  /** Width in characters in the Excel file (CSV has none). */
  width?: number;
}

/** One row: a cell per column, in the columns' order. */
export type ExportRow = readonly ExportCell[];

/**
 * What a file holds: items a batch at a time (as the database answers them) and how an item becomes
 * a row. The writers turn a whole batch into bytes without waiting between items, and pull the next
 * batch when the reader has taken those bytes.
 */
export interface ExportItems<T> {
  batches: AsyncIterable<readonly T[]>;
  /** The item's cells, a cell per column. */
  cells(item: T): ExportRow;
  /**
   * The item's CSV record, CRLF included, written in one go: the same text the CSV writer makes of
   * `cells(item)` (the source's tests hold it to that), without the cells in between. For files of
   * millions of rows, where building a row of cells per item is a good share of the time.
   */
  csvRecord?(item: T): string;
}

/** Rows that come one at a time, as batches of one. */
export function oneByOne(rows: AsyncIterable<ExportRow>): ExportItems<ExportRow> {
  async function* batches() {
    for await (const row of rows) yield [row];
  }
  return { batches: batches(), cells: (row) => row };
}

/** Rows that come in batches already. */
export const rowBatches = (batches: AsyncIterable<readonly ExportRow[]>): ExportItems<ExportRow> => ({
  batches,
  cells: (row) => row,
});

export const isMoney = (cell: ExportCell): cell is { cents: Cents } =>
  typeof cell === 'object' && cell !== null && !(cell instanceof Date);

/** A cell as CSV text: dates in ISO 8601 (UTC), money as the wire's dollar string. */
export function cellText(cell: ExportCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString();
  if (isMoney(cell)) return centsToDollars(cell.cents);
  if (typeof cell === 'number' && !Number.isFinite(cell)) return '';
  return String(cell);
}

/** A row that does not have a cell per column is the caller's mistake: it fails the export loudly. */
export function checkWidth(row: ExportRow, columns: number, index: number): void {
  if (row.length !== columns)
    throw new Error(`Export row ${index + 1} has ${row.length} cells for ${columns} columns`);
}
