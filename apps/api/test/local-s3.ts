import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

// s3rver's one account. It refuses any other access key id, but does not check V4 signatures.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 at a port of the system's choosing, with one
 * empty bucket, its objects in a temporary folder removed on close. `env` makes the product keep
 * its files there; `head` looks at an object the way an operator would, apart from the product.
 */
export async function startLocalS3(bucket = 'test-files') {
  const directory = await mkdtemp(join(tmpdir(), 'local-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const settings = {
    FILE_STORAGE: 's3',
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
    S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
  };
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    endpoint,
    bucket,
    env: settings,
    /** An object's size and content type as the store keeps them; null when there is none. */
    async head(key: string) {
      const object = await client
        .send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        .catch((err: { name?: string }) => {
          if (err.name === 'NotFound') return null;
          throw err;
        });
      return object && { size: object.ContentLength, contentType: object.ContentType };
    },
    async close() {
      client.destroy();
      // Keep-alive sockets of the product's client would hold the server open.
      server.httpServer.closeAllConnections();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type LocalS3 = Awaited<ReturnType<typeof startLocalS3>>;
