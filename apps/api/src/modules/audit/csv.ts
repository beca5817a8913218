/**
 * CSV writing for downloads: RFC 4180 quoting (fields with a comma, quote or line break are quoted,
 * quotes doubled, CRLF between records) and protection against formula injection: a cell starting
 * with = + - @ (or a tab or carriage return, which spreadsheets skip before reading a formula) is
 * prefixed with a single quote so Excel and Sheets show it as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
