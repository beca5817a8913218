import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO, drawLogoPng, eq, files } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { type LocalS3, startLocalS3 } from '../../../test/local-s3.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, signIn } from '../../../test/sign-in.js';

/*
 * The product with FILE_STORAGE=s3 on a local S3-compatible server: a file uploaded through a real
 * route lands in the bucket (not the local folder) and comes back through GET /files/{id} with the
 * same bytes and headers as from the folder.
 */
let s3: LocalS3;
let rt: TestRuntime;
beforeAll(async () => {
  s3 = await startLocalS3();
  rt = await startTestRuntime({}, s3.env);
});
afterAll(async () => {
  await rt?.close();
  await s3?.close();
});

const fileOf = async (link: string) => {
  const id = new URL(link, 'http://x').pathname.split('/').pop() ?? '';
  const [row] = await rt.database.db.select().from(files).where(eq(files.id, id));
  return row;
};

describe('files on an S3-compatible bucket', () => {
  it('stores an uploaded profile picture in the bucket and serves it back through its signed link', async () => {
    const client = DEMO.summit.clients[0].contact;
    const { access_token } = await signIn(rt, client.email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    const png = drawLogoPng('#2a9d8f', 48);
    const body = multipart(
      {
        profilestep: '1',
        id: me.id,
        name: me.name,
        email: client.email,
        phone: '3125550111',
        phoneCountryCode: 'US',
        phoneCountryDialCode: '+1',
        city: 'Denver',
      },
      { name: 'me.png', bytes: png, type: 'image/png' },
    );
    const saved = await rt.app.inject({
      method: 'POST',
      url: '/api/user/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(access_token) },
    });
    expect(saved.statusCode).toBe(200);
    const link = saved.json().image_url as string;

    const row = await fileOf(link);
    expect(row).toMatchObject({ contentType: 'image/png', sizeBytes: png.length });
    const key = row?.storageKey ?? '';
    expect(await s3.head(key)).toEqual({ size: png.length, contentType: 'image/png' });
    expect(existsSync(join(rt.config.dataDir, 'files', key))).toBe(false);

    const picture = await rt.app.inject({ url: link });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png)).toBe(true);
    expect(picture.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'cache-control': 'public, max-age=86400, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'",
    });
    // The access check is the API's still: the bare id of a private file is not found.
    expect((await rt.app.inject({ url: link.split('?')[0] ?? '' })).statusCode).toBe(404);
    // Every process reads the same bytes: the port answers them too, whole.
    expect((await rt.services.storage.get(key))?.equals(png)).toBe(true);
  });

  it('answers 404 for a file whose row exists but whose bytes are not in the bucket', async () => {
    // The demo logos were stored in the test run's local folder before this runtime chose the bucket.
    const info = (
      await rt.app.inject({
        url: `/api/domainsubdomain/${DEMO.northwind.subdomain}.localhost/${DEMO.northwind.subdomain}`,
      })
    ).json();
    const logo = await fileOf(info.branding.logo_url);
    expect(logo?.storageKey).toMatch(/^seed\//);
    expect(existsSync(join(rt.config.dataDir, 'files', logo?.storageKey ?? ''))).toBe(true);
    expect((await rt.app.inject({ url: info.branding.logo_url })).statusCode).toBe(404);
  });
});
