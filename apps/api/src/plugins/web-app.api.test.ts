import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { BOOT_DATA_ID, CSP_NONCE_PLACEHOLDER, jsonForHtml } from './web-app.js';

const script = `export const app = ${JSON.stringify('x'.repeat(4000))};\n`;
const html = `<!doctype html><html><head><script type="module" src="/js/index-AbC123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head><body><div id="root"></div></body></html>`;

let rt: TestRuntime;
let app: FastifyInstance;
beforeAll(async () => {
  rt = await startTestRuntime();
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  mkdirSync(join(dist, 'js'));
  writeFileSync(join(dist, 'index.html'), html);
  writeFileSync(join(dist, 'js', 'index-AbC123.js'), script);
  writeFileSync(join(dist, 'js', 'index-AbC123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'js', 'index-AbC123.js.gz'), gzipSync(script));
  app = await rt.buildAppWith({ webDist: dist });
  await app.ready();
  // Starting a runtime on a clone takes longer than the default hook time on a loaded machine.
}, 300_000);
afterAll(async () => {
  await app?.close();
  await rt?.close();
});

const bootDataOf = (body: string) => {
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ID}">(.*?)</script>`).exec(body);
  return match ? JSON.parse(match[1] ?? 'null') : null;
};

describe('web app: hashed assets', () => {
  it('sends the brotli copy with immutable caching when the client accepts br', async () => {
    const res = await app.inject({
      url: '/js/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const res = await app.inject({ url: '/js/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    const res = await app.inject({ url: '/js/index-AbC123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(script);
  });
});

describe('web app: index.html', () => {
  it('answers every other path with index.html, no-cache', async () => {
    for (const url of ['/', '/login', '/configuration/agency-list/']) {
      const res = await app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('carries the app config and the host domain info as JSON, so boot needs no request', async () => {
    const res = await app.inject({ url: '/login', headers: { host: 'localhost:3000' } });
    const boot = bootDataOf(res.body);
    const config = (await app.inject({ url: '/api/app-config' })).json();
    const domain = (await app.inject({ url: '/api/domainsubdomain/localhost/localhost' })).json();
    expect(boot).toEqual({ host: 'localhost', appConfig: config, domainInfo: domain });
  });

  it('leaves out domain info for a host name that is not one', async () => {
    const res = await app.inject({ url: '/', headers: { host: 'bad_host!' } });
    const boot = bootDataOf(res.body);
    expect(boot?.appConfig).toBeDefined();
    expect(boot?.domainInfo).toBeUndefined();
  });

  it('still answers unknown API paths with the JSON 404', async () => {
    const res = await app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBeDefined();
  });
});

describe('web app: a build without CSP nonces', () => {
  it('refuses to start: its own policy would refuse every script of the page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), html.replaceAll(` nonce="${CSP_NONCE_PLACEHOLDER}"`, ''));
    const stale = await rt.buildAppWith({ webDist: dist }).catch((error: Error) => error);
    expect(stale).toBeInstanceOf(Error);
    expect((stale as Error).message).toMatch(/no CSP nonce placeholder/);
  });
});

describe('jsonForHtml', () => {
  it('cannot close the script tag or open a comment, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script><!-- & \u2028\u2029' };
    const text = jsonForHtml(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
