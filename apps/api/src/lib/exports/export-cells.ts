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
