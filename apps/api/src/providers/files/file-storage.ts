/** Where file bytes live; the `files` table holds what they are. S3-compatible storage is an adapter. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
}
