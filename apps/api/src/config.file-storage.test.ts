import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** Files in a local folder or an S3-compatible bucket (decision 0117). */
const load = (env: Record<string, string>) =>
  loadConfig({ DATA_DIR: '/tmp/files-config', ...env }).fileStorage;

const S3 = { FILE_STORAGE: 's3', S3_BUCKET: 'leadorbit-files', S3_REGION: 'eu-central-1' };

describe('file storage settings', () => {
  it('keeps files in DATA_DIR/files by default', () => {
    expect(load({})).toEqual({ kind: 'local', folder: '/tmp/files-config/files' });
    expect(load({ FILE_STORAGE: 'local' })).toEqual({ kind: 'local', folder: '/tmp/files-config/files' });
  });

  it('takes a bucket and region on AWS, with the SDK’s own credentials unless both keys are given', () => {
    expect(load(S3)).toEqual({
      kind: 's3',
      bucket: 'leadorbit-files',
      region: 'eu-central-1',
      endpoint: undefined,
      forcePathStyle: false,
      credentials: null,
    });
    expect(load({ ...S3, S3_ACCESS_KEY_ID: 'AKIDEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' })).toMatchObject({
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
  });

  it('takes another S3-compatible store by its address, path-style when asked', () => {
    expect(
      load({ ...S3, S3_REGION: 'auto', S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_FORCE_PATH_STYLE: 'true' }),
    ).toMatchObject({ region: 'auto', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true });
  });

  it('refuses an incomplete or malformed bucket setting', () => {
    expect(() => load({ FILE_STORAGE: 's3', S3_REGION: 'us-east-1' })).toThrow(
      /needs S3_BUCKET and S3_REGION/,
    );
    expect(() => load({ FILE_STORAGE: 's3', S3_BUCKET: 'files' })).toThrow(/needs S3_BUCKET and S3_REGION/);
    expect(() => load({ ...S3, S3_ACCESS_KEY_ID: 'AKIDEXAMPLE' })).toThrow(/go together/);
    expect(() => load({ ...S3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(/go together/);
    expect(() => load({ ...S3, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => load({ ...S3, S3_ENDPOINT: 'ftp://127.0.0.1:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => load({ ...S3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => load({ FILE_STORAGE: 'nfs' })).toThrow(/FILE_STORAGE/);
  });

  it('refuses bucket settings while files stay local, rather than ignore them', () => {
    expect(() => load({ S3_BUCKET: 'leadorbit-files', S3_REGION: 'us-east-1' })).toThrow(
      /S3_BUCKET, S3_REGION need FILE_STORAGE=s3/,
    );
  });
});
