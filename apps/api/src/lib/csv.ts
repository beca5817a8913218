/**
 * The CSV cell and record format moved to `lib/exports` (decision 0043). This path stays while the
 * billing download, which another branch is reworking, still imports it.
 */
export { CSV_BOM, csvCell, csvRecord } from './exports/index.js';
