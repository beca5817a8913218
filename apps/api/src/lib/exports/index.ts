/**
 * Downloads (decision 0043, 0054): CSV and Excel written as streams from batches of items, sent
 * with the reader's back-pressure so memory stays flat at any length; formula-safe CSV cells; money
 * as `{ cents }` cells.
 */
export { keysetBatches } from './batches.js';
export { CSV_BOM, csvCell, csvRecord, csvText } from './csv-format.js';
export { csvRecordOf, csvStream } from './csv-writer.js';
export {
  type ExportCell,
  type ExportColumn,
  type ExportItems,
  type ExportRow,
  oneByOne,
  rowBatches,
} from './export-cells.js';
export { attachment, EXPORT_CONTENT_TYPES, type ExportFile, type ExportFormat, sendExport } from './reply.js';
export { XLSX_MAX_DATA_ROWS, xlsxStream } from './xlsx-writer.js';
