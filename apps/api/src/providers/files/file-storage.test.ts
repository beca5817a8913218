import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalS3, startLocalS3 } from '../../../test/local-s3.js';
import { loadConfig } from '../../config.js';
import { createFileStorage } from './create-file-storage.js';
import type { FileStorage, StoredFile } from './file-storage.js';

/** A store under test: a way to make adapters over it (two make "two processes"), and its end. */
interface Store {
  make(): Promise<FileStorage>;
  close(): Promise<void>;
}

async function localFolder(): Promise<Store> {
  const dataDir = await mkdtemp(join(tmpdir(), 'file-storage-'));
  const { fileStorage } = loadConfig({ DATA_DIR: dataDir });
  return {
    make: () => createFileStorage(fileStorage),
    close: () => rm(dataDir, { recursive: true, force: true }),
  };
}

async function s3Bucket(): Promise<Store & { s3: LocalS3 }> {
  const s3 = await startLocalS3();
  const { fileStorage } = loadConfig({ DATA_DIR: '/tmp/unused-by-s3', ...s3.env });
  return { make: () => createFileStorage(fileStorage), close: () => s3.close(), s3 };
}

async function readAll(file: StoredFile) {
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(chunk as Buffer);
  return { bytes: Buffer.concat(chunks), chunks: chunks.length };
}

const UNSAFE_KEYS = [
  '',
  '../escape',
  '/absolute',
  'a/../../b',
  'a//b',
  '.hidden',
  'a/./b',
  'a\\b',
  'with space',
  'ünï',
  'x'.repeat(513),
];

// One contract, every adapter: what the product may count on whichever store a deployment uses.
describe.each([
  { adapter: 'local folder', open: localFolder },
  { adapter: 'S3-compatible bucket (s3rver)', open: s3Bucket },
])('file storage contract: $adapter', ({ open }) => {
  let store: Store;
  let storage: FileStorage;
  beforeAll(async () => {
    store = await open();
    storage = await store.make();
  });
  afterAll(() => store?.close());

  it('gives back exactly the bytes it was given, every byte value included', async () => {
    const key = `ad-media/${randomUUID()}`;
    const bytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(4096)]);
    await storage.put(key, bytes, 'application/octet-stream');
    expect((await storage.get(key))?.equals(bytes)).toBe(true);
    const opened = await storage.open(key);
    expect(opened?.size).toBe(bytes.length);
    expect((await readAll(opened as StoredFile)).bytes.equals(bytes)).toBe(true);
  });

  it('answers null for a key nothing was stored under', async () => {
    const key = `profile_picture/${randomUUID()}`;
    expect(await storage.get(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
  });

  it('streams a large file in pieces as it reads, never as one buffer', async () => {
    const key = `banner-images/${randomUUID()}`;
    const bytes = randomBytes(3 * 1024 * 1024);
    await storage.put(key, bytes, 'image/png');
    const opened = await storage.open(key);
    expect(opened?.size).toBe(bytes.length);
    const read = await readAll(opened as StoredFile);
    expect(read.bytes.equals(bytes)).toBe(true);
    expect(read.chunks).toBeGreaterThan(1);
  });

  it('replaces the bytes put again under the same key', async () => {
    const key = `seed/${randomUUID()}-logo.png`;
    await storage.put(key, Buffer.from('first'), 'image/png');
    await storage.put(key, Buffer.from('second, longer'), 'image/png');
    expect((await storage.get(key))?.toString()).toBe('second, longer');
  });

  it('is one store for every process: another adapter over it reads what this one wrote', async () => {
    const key = `logo/${randomUUID()}`;
    await storage.put(key, Buffer.from('shared'), 'image/png');
    expect((await (await store.make()).get(key))?.toString()).toBe('shared');
  });

  it('refuses keys that could leave the store or need escaping, before touching it', async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /unsafe file storage key/,
      );
      await expect(storage.get(key), key).rejects.toThrow(/unsafe file storage key/);
      await expect(storage.open(key), key).rejects.toThrow(/unsafe file storage key/);
    }
  });
});

describe('S3-compatible bucket: what only a bucket does', () => {
  let store: Awaited<ReturnType<typeof s3Bucket>>;
  beforeAll(async () => {
    store = await s3Bucket();
  });
  afterAll(() => store?.close());

  it('keeps the content type with the object', async () => {
    const key = `ad-media/${randomUUID()}`;
    await (await store.make()).put(key, Buffer.from('GIF89a'), 'image/gif');
    expect(await store.s3.head(key)).toEqual({ size: 6, contentType: 'image/gif' });
  });

  it('fails loudly, never as a missing file, when the keys are wrong or the bucket is gone', async () => {
    const key = `ad-media/${randomUUID()}`;
    await (await store.make()).put(key, Buffer.from('kept'), 'text/plain');
    // s3rver knows its access key id but does not check V4 signatures: a wrong id stands for wrong keys.
    const wrongKeys = loadConfig({
      DATA_DIR: '/tmp/unused-by-s3',
      ...store.s3.env,
      S3_ACCESS_KEY_ID: 'NOT-IT',
    });
    await expect((await createFileStorage(wrongKeys.fileStorage)).get(key)).rejects.toThrow(/Access Key Id/);
    const noBucket = loadConfig({
      DATA_DIR: '/tmp/unused-by-s3',
      ...store.s3.env,
      S3_BUCKET: 'no-such-bucket',
    });
    await expect((await createFileStorage(noBucket.fileStorage)).open(key)).rejects.toThrow(/bucket/i);
  });
});
