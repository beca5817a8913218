import type { Readable } from 'node:stream';

/** A stored file opened for reading: its bytes as a stream, and how many there are (null if the store does not say). */
export interface StoredFile {
  body: Readable;
  size: number | null;
}

/**
 * Where file bytes live; the `files` table (and media and banner rows) say what they are. Every API
 * and worker process must reach the same store: a local folder serves one machine, an S3-compatible
 * bucket any number (decision 0117). Keys are written by the product, never taken from a request, and
 * follow `file-keys.ts`.
 */
export interface FileStorage {
  /** Stores the bytes under the key; the content type goes with them where the store keeps one. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** The bytes as a stream, to send on without holding the file in memory; null when nothing is stored. */
  open(key: string): Promise<StoredFile | null>;
}
