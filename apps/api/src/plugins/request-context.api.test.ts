import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { PUBLIC } from './access.js';

let rt: TestRuntime;
/** An app on the runtime's services with a test route (the runtime's own has loaded its plugins). */
let app: Awaited<ReturnType<TestRuntime['buildAppWith']>>;
beforeAll(async () => {
  rt = await startTestRuntime();
  app = await rt.buildAppWith({});
  app.get('/api/test/context', { config: { access: PUBLIC } }, async (request) => ({
    ip: request.ip,
    timeZone: request.timeZone,
  }));
});
afterAll(async () => {
  await app?.close();
  await rt?.close();
});

describe('request context', () => {
  it('takes the client IP from the connection, not from headers the browser sets', async () => {
    const res = await app.inject({
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
    const proxied = await rt.buildAppWith({ trustedProxies: ['10.0.0.5'] });
    proxied.get('/api/test/context', { config: { access: PUBLIC } }, async (request) => ({ ip: request.ip }));
    const viaProxy = await proxied.inject({
      url: '/api/test/context',
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(viaProxy.json().ip).toBe('198.51.100.1');
    const direct = await proxied.inject({
      url: '/api/test/context',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    expect(direct.json().ip).toBe('203.0.113.9');
    await proxied.close();
  });

  it('reads the time zone header, and falls back to America/Chicago on a missing or unknown zone', async () => {
    const zone = (headers: Record<string, string>) =>
      app.inject({ url: '/api/test/context', headers }).then((r) => r.json().timeZone);
    expect(await zone({ 'x-timezone': 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(await zone({})).toBe('America/Chicago');
    expect(await zone({ 'x-timezone': 'Mars/Olympus' })).toBe('America/Chicago');
  });
});

describe('cross-origin web host', () => {
  it('answers CORS only for configured origins', async () => {
    const cors = await rt.buildAppWith({ corsOrigins: ['https://app.agency.test'] });
    const preflight = await cors.inject({
      method: 'OPTIONS',
      url: '/api/document/agreement',
      headers: { origin: 'https://app.agency.test', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://app.agency.test');
    expect(preflight.headers['access-control-allow-headers']).toContain('x-timezone');
    const foreign = await cors.inject({ url: '/api/app-config', headers: { origin: 'https://evil.test' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    await cors.close();
  });
});
