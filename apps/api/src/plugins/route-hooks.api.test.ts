import { ERROR_CODES } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { multipart } from '../../test/multipart.js';

let rt: TestRuntime;
let routes: string;
beforeAll(async () => {
  rt = await startTestRuntime();
  await rt.app.ready(); // a route's hooks are final once the app is ready
  routes = rt.app.printRoutes({ includeHooks: true, commonPrefix: false });
});
afterAll(() => rt?.close());

/** The hook lines (`• (stage) [names]`) Fastify prints under one route of the product. */
function hooksOf(method: string, path: string): string[] {
  const lines = routes.split('\n');
  const start = lines.findIndex((line) => line.includes(`${path} (${method})`));
  if (start === -1) throw new Error(`no route ${method} ${path}`);
  const hooks: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.includes('•')) break;
    hooks.push(line.slice(line.indexOf('•') + 1).trim());
  }
  return hooks;
}

describe('what a request pays (decision 0023)', () => {
  // Every route has the latency observer (decision 0119) and, unless it runs on clients' sites, the
  // API's security headers (decision 0120); nothing else runs unless the route needs it.
  it('runs only the headers and the latency observer on the public domain lookup: the pixel-like GET path', () => {
    expect(hooksOf('GET', '/api/domainsubdomain/:domainorsub/:hostID')).toEqual([
      '(onRequest) ["apiSecurityHeaders()"]',
      '(onResponse) ["observeLatency()"]',
    ]);
  });

  it('runs the envelope on a write route, the access hooks and the view-mode audit on a signed-in one', () => {
    const login = hooksOf('POST', '/api/login').join(' ');
    expect(login).toContain('(preValidation) ["openBody()"]');
    // A public route has no caller, so no view-mode write to log (decision 0056); and
    // @fastify/multipart's cleanup hook stays with the form routes.
    expect(login).toContain('(onResponse) ["observeLatency()"]');
    expect(login).not.toContain('audited');
    const update = hooksOf('PUT', '/api/configuration/setting').join(' ');
    expect(update).toMatch(
      /\(onRequest\).*\(preValidation\) \["openBody\(\)".*\(preHandler\).*\(onResponse\).*audited/,
    );
  });

  it('runs only the CORS header hook and the latency observer on the pixel endpoint (decision 0056)', () => {
    // Printed with its preflight route, which shares the hook.
    expect(hooksOf('OPTIONS, POST', '/api/px/v')).toEqual([
      '(onRequest) ["allowAnyOrigin()"]',
      '(onResponse) ["observeLatency()"]',
    ]);
  });

  it('parses multipart forms only on the routes that take them, with their boundary guard', () => {
    // A route of the profile module (its form is POST /api/user/update, printed as a subtree).
    const profile = hooksOf('PUT', '/api/leadspeek/user/setupcomplete').join(' ');
    expect(profile).toContain('guard()');
    expect(hooksOf('POST', '/api/login').join(' ')).not.toContain('guard()');
  });

  it('answers a multipart body sent to a JSON route with a 400 in the one error shape', async () => {
    const form = multipart({ username: 'someone@example.test' });
    const res = await rt.app.inject({ method: 'POST', url: '/api/login', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe(ERROR_CODES.badRequest);
  });
});
