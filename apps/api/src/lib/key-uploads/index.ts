/*
 * Uploads of keys (e-mail addresses and hashes) streamed into the database: the CSV reader that
 * yields COPY chunks and the job that moves staged keys into their destination in ranges. Used by
 * the exclusion lists (decision 0092) and the ad platform's audiences (decision 0114).
 */

export { KEY_UPLOAD_ERRORS, keyUploadForms, readFieldsThenFile } from './fields-then-file.js';
export {
  BAD_LINES_KEPT,
  type KeyCsvCounts,
  KeyCsvRowLimitError,
  type KeyCsvRules,
  KeyCsvUnreadableError,
  md5Hex,
  parseKeyCsv,
} from './parse-key-csv.js';
export {
  createStagedMergeRunner,
  defineStagedMergeJob,
  type MergeOptions,
  type MergeOutcome,
  type StagedMergeJob,
  type StagedMergeStore,
  StagedRowsLostError,
  type StagedUpload,
  stagedMergeHandler,
  UploadBusyError,
} from './staged-merge.js';
