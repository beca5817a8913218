/**
 * CSV writing for downloads: RFC 4180 quoting (quotes doubled, CRLF between records) and protection
 * against formula injection.
 *
 * A cell is quoted when it holds a separator — the comma, or the semicolon that spreadsheets in
 * many locales split on — a quote, or any control character (tab, CR, LF …), so no cell can spill
 * into the next one whatever separator the reader guesses. A cell a spreadsheet would read as a
 * formula — starting with = + - @, also after leading whitespace, or with a tab or carriage
 * return — is prefixed with a single quote so Excel and Sheets show it as text.
 *
 * A reader that splits on another separator than ours (the semicolon, a tab, a pipe) or that
 * ignores the quotes starts a new cell after each separator, and a new row after a line break:
 * there too a formula start (behind any spaces) gets a single quote, right after the separator,
 * so `a;=1+1` is written `"a;'=1+1"` and no reading of the file runs it.
 */
const FORMULA_START = /^[\t\r]|^\s*[=+\-@]/;
/** A separator some reader splits on, then spaces (not themselves separators) and a formula start. */
const FORMULA_AFTER_SEPARATOR = /([,;|\t\r\n])([^\S\t\r\n]*[=+\-@])/g;
/** The same, tested first: replacing costs more than testing, and few cells have one. */
const HAS_FORMULA_AFTER_SEPARATOR = /[,;|\t\r\n][^\S\t\r\n]*[=+\-@]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const NEEDS_QUOTES = /[",;\u0000-\u001f\u007f]/;
/**
 * Any of the above (a leading tab or CR is a control character; so are the line breaks): most
 * cells match none, and one test lets them through as they are — an export writes millions of cells.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const NEEDS_ANYTHING = /^\s*[=+\-@]|[",;|\u0000-\u001f\u007f]/;

/** A text cell, formula-safe and quoted when it must be. */
export function csvText(text: string): string {
  if (!NEEDS_ANYTHING.test(text)) return text;
  const inner = HAS_FORMULA_AFTER_SEPARATOR.test(text)
    ? text.replace(FORMULA_AFTER_SEPARATOR, "$1'$2")
    : text;
  const safe = FORMULA_START.test(text) ? `'${inner}` : inner;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvCell(value: unknown): string {
  return csvText(value === null || value === undefined ? '' : String(value));
}

export function csvRecord(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A byte-order mark, so spreadsheet programs read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';
