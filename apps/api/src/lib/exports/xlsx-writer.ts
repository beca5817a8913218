import { PassThrough, type Readable, type Writable } from 'node:stream';
import { centsToSpreadsheetNumber } from '@app/contracts';
import ExcelJS from 'exceljs';
import { checkWidth, type ExportCell, type ExportColumn, type ExportItems, isMoney } from './export-cells.js';

/** Excel's limits: rows per sheet (the header takes one) and characters per cell. */
export const XLSX_MAX_DATA_ROWS = 1_048_575;
const MAX_CELL_CHARS = 32_767;
/** Rows written between two looks at the reader: small enough that little waits in the zip. */
const ROWS_PER_CHECK = 256;

const MONEY_FORMAT = '#,##0.00';
const DATE_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Characters XML 1.0 cannot hold (C0 controls but tab, LF, CR; lone surrogates; U+FFFE/F): Excel would call the file corrupt. */
const NOT_IN_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A cell as Excel stores it. Text stays text — a string is never written as a formula, so `=1+1`
 * shows as typed and runs nothing — cleaned of what XML cannot hold and cut at Excel's limit. Money
 * becomes the number its dollar string reads as (what a spreadsheet would parse from the CSV), so
 * columns can be summed.
 */
export function xlsxValue(cell: ExportCell): string | number | boolean | Date | null {
  if (cell === null || cell === undefined) return null;
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? null : cell;
  if (isMoney(cell)) return centsToSpreadsheetNumber(cell.cents);
  if (typeof cell === 'string') {
    const clean = cell.replace(NOT_IN_XML, '\ufffd');
    return clean.length > MAX_CELL_CHARS ? `${clean.slice(0, MAX_CELL_CHARS - 1)}…` : clean;
  }
  if (typeof cell === 'number' && !Number.isFinite(cell)) return null;
  return cell;
}

/** A sheet name Excel accepts: at most 31 characters, none of : \ / ? * [ ], not empty. */
export function sheetName(name: string, part = 1): string {
  const base = name.replace(/[:\\/?*[\]]/g, ' ').trim() || 'Sheet';
  const suffix = part > 1 ? ` (${part})` : '';
  return `${base.slice(0, 31 - suffix.length)}${suffix}`;
}

/** How much sheet XML may wait for the zip's compressor before the writer pauses. */
const ZIP_BACKLOG_BYTES = 1024 * 1024;

/**
 * The sheet XML exceljs has handed on but the zip has not compressed yet. exceljs writes a sheet
 * into the zip's entry stream without looking at `write`'s answer, so when compressing is slower
 * than writing rows, this is where memory would pile up. Read from exceljs internals (the sheet's
 * `stream`, its `pipes` and `buffers`), so a change there shows as 0 and the reader's own
 * back-pressure still holds.
 */
/** The zip's entry stream is a readable-stream v2 PassThrough: its buffer is in `_writableState`. */
interface EntryStream extends Writable {
  _writableState?: { length?: number; needDrain?: boolean };
}

function zipBacklog(sheet: ExcelJS.Worksheet): { bytes: number; entry?: EntryStream; full: boolean } {
  const stream = (sheet as unknown as { stream?: { pipes?: EntryStream[]; buffers?: unknown[] } }).stream;
  const entry = stream?.pipes?.[0];
  if (entry) {
    const state = entry._writableState;
    return {
      bytes: entry.writableLength ?? state?.length ?? 0,
      entry,
      full: entry.writableNeedDrain ?? state?.needDrain ?? false,
    };
  }
  // Not yet piped into the zip: exceljs keeps 64 KB buffers of its own.
  return { bytes: (stream?.buffers?.length ?? 0) * 65_536, full: false };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves when `target` drains, closes or fails. */
function drained(target: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      target.off('drain', done);
      target.off('close', done);
      target.off('error', done);
      resolve();
    };
    target.on('drain', done);
    target.on('close', done);
    target.on('error', done);
  });
}

/** Resolves once the compressor has caught up and the reader has taken what is buffered (or left). */
async function caughtUp(sheet: ExcelJS.Worksheet, out: PassThrough): Promise<void> {
  await nextTurn();
  for (;;) {
    if (out.destroyed) return;
    const backlog = zipBacklog(sheet);
    if (backlog.bytes > ZIP_BACKLOG_BYTES) {
      if (backlog.entry && backlog.full) await drained(backlog.entry);
      else await pause(2);
    } else if (out.writableNeedDrain) await drained(out);
    else return;
  }
}

/**
 * An .xlsx file as a byte stream, written by exceljs's streaming WorkbookWriter: inline strings (no
 * shared-string table, which would hold every text in memory), each row committed as soon as it is
 * written, and batches pulled from `items` only while the reader keeps up — every few hundred rows
 * the writer waits for the reader to drain — so memory stays flat whatever the file's length. Past
 * Excel's row limit the rows go on in a second sheet ("Name (2)") with the header again. A reader
 * that goes away stops the pull, which closes the batches; a failing source fails the stream.
 */
export function xlsxStream<T>(
  name: string,
  columns: readonly ExportColumn[],
  items: ExportItems<T>,
): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });

  const addSheet = (part: number) => {
    const sheet = workbook.addWorksheet(sheetName(name, part), {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    sheet.columns = columns.map((c) => ({
      header: c.title,
      width: c.width ?? Math.max(10, c.title.length + 2),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
    return sheet;
  };

  async function write() {
    let part = 1;
    let sheet = addSheet(part);
    let inSheet = 0;
    let index = 0;
    for await (const batch of items.batches)
      for (const item of batch) {
        if (out.destroyed) return; // the reader left: `for await` closes the batches on the way out
        const values = items.cells(item);
        checkWidth(values, columns.length, index++);
        if (inSheet === XLSX_MAX_DATA_ROWS) {
          sheet.commit();
          sheet = addSheet(++part);
          inSheet = 0;
        }
        const row = sheet.addRow(values.map(xlsxValue));
        values.forEach((cell, i) => {
          if (cell instanceof Date) row.getCell(i + 1).numFmt = DATE_FORMAT;
          else if (isMoney(cell)) row.getCell(i + 1).numFmt = MONEY_FORMAT;
        });
        row.commit();
        inSheet++;
        if (index % ROWS_PER_CHECK === 0) await caughtUp(sheet, out);
      }
    sheet.commit();
    await workbook.commit();
  }

  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
