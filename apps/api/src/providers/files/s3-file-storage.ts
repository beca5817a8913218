import { Readable } from 'node:stream';
import { GetObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import type { Config } from '../../config.js';
import { checkFileKey } from './file-keys.js';
import type { FileStorage } from './file-storage.js';

export type S3Settings = Extract<Config['fileStorage'], { kind: 's3' }>;

const isMissing = (err: unknown) => err instanceof S3ServiceException && err.name === 'NoSuchKey';

/**
 * File storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), shared by every API and
 * worker process (decision 0117). Objects keep their content type; reads can stream.
 */
export function createS3FileStorage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    // Without keys, the SDK's own chain: AWS_* variables, a profile, the instance's or task's role.
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
    // Checksums only where an operation requires one: uploads are whole buffers whose SHA-256 the
    // request signature covers already, and several S3-compatible stores refuse or mis-store the
    // optional CRC32 the SDK would add.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer fails the request that waits on it instead of holding it.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  });
  const Bucket = settings.bucket;

  async function getObject(key: string) {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkFileKey(key) }));
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: checkFileKey(key),
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      const object = await getObject(key);
      if (!object?.Body) return null;
      const bytes = await object.Body.transformToByteArray();
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async open(key) {
      const object = await getObject(key);
      if (!object) return null;
      // On Node the SDK answers with the response stream itself, so the bytes flow on as they arrive.
      if (!(object.Body instanceof Readable)) throw new Error(`S3 answered ${key} without a stream`);
      return { body: object.Body, size: object.ContentLength ?? null };
    },
  };
}
