/**
 * Downloads (decision 0043): CSV and Excel written as streams from an async iterable of rows, sent
 * with the reader's back-pressure so memory stays flat at any length; formula-safe CSV cells; money
 * as `{ cents }` cells.
 */
export { inBatches } from './batches.js';
export { CSV_BOM, csvCell, csvRecord } from './csv-format.js';
export { csvStream } from './csv-writer.js';
export type { ExportCell, ExportColumn, ExportRow } from './export-cells.js';
export { attachment, EXPORT_CONTENT_TYPES, type ExportFile, type ExportFormat, sendExport } from './reply.js';
export { XLSX_MAX_DATA_ROWS, xlsxStream } from './xlsx-writer.js';
