import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { PUBLIC } from './access.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
  rt.app.get('/api/test/context', { config: { access: PUBLIC } }, async (request) => ({
    ip: request.ip,
    timeZone: request.timeZone,
  }));
});
afterAll(() => rt?.close());

describe('request context', () => {
  it('takes the client IP from the connection, not from headers the browser sets', async () => {
    const res = await rt.app.inject({
      url: '/api/test/context',
      remoteAddress: '203.0.113.9',
      headers: {
        'x-forwarded-for': '198.51.100.1',
        'x-client-ip': '198.51.100.2',
        'x-real-ip': '198.51.100.3',
      },
    });
    expect(res.json().ip).toBe('203.0.113.9');
  });

  it('believes X-Forwarded-For only from a configured trusted proxy', async () => {
    const app = await buildApp({
      ...(rt as unknown as Parameters<typeof buildApp>[0]),
      config: { ...rt.config, trustedProxies: ['10.0.0.5'] },
      database: rt.database,
      appConfig: { apiBase: '/api', dtKey: rt.dtKey, version: 'test' },
      dtKey: await crypto.subtle.importKey('raw', Buffer.from(rt.dtKey, 'base64'), 'AES-GCM', false, [
        'decrypt',
      ]),
      storage: rt.services.storage,
      domains: rt.services.domains,
      documents: rt.services.documents,
      logger: false,
    });
    app.get('/api/test/context', { config: { access: PUBLIC } }, async (request) => ({ ip: request.ip }));
    const viaProxy = await app.inject({
      url: '/api/test/context',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(viaProxy.json().ip).toBe('198.51.100.1');
    const direct = await app.inject({
      url: '/api/test/context',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(direct.json().ip).toBe('203.0.113.9');
    await app.close();
  });

  it('reads the time zone header, and falls back to America/Chicago on a missing or unknown zone', async () => {
    const zone = (headers: Record<string, string>) =>
      rt.app.inject({ url: '/api/test/context', headers }).then((r) => r.json().timeZone);
    expect(await zone({ 'x-timezone': 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(await zone({})).toBe('America/Chicago');
    expect(await zone({ 'x-timezone': 'Mars/Olympus' })).toBe('America/Chicago');
  });
});
