import { ACTIONS, type ActionRule } from '@app/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import type { AccessRule } from './access.js';

const routes: { method: string; url: string; access: AccessRule }[] = [];
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({ onRouteRegistered: (route) => routes.push(route) });
  await rt.app.ready();
});
afterAll(() => rt?.close());

describe('every route declares its access rule', () => {
  it('lists every registered route with a valid rule', () => {
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, url, access } of routes) {
      const valid =
        access.kind === 'public' ||
        // An Open API route names an action a key may perform (decision 0100).
        (access.kind === 'key' && (ACTIONS[access.action] as ActionRule).key !== undefined) ||
        (access.kind === 'user' &&
          (typeof access.action === 'string'
            ? access.action in ACTIONS
            : access.action.oneOf.every((action) => action in ACTIONS)));
      expect(valid, `${method} ${url}`).toBe(true);
    }
    // Vendor callbacks are public: they prove who sent them with their own signature.
    for (const url of ['/api/payment/webhook/:gateway', '/api/payment/webhook/:gateway/:system'])
      expect(routes).toContainEqual({ method: 'POST', url, access: { kind: 'public' } });
    // The lead engine's intake: the pixel on any client site, and vendors proving themselves by
    // their HMAC signature (decision 0046).
    for (const [method, url] of [
      ['POST', '/api/px/v'],
      ['OPTIONS', '/api/px/v'],
      ['POST', '/api/leads/vendor-callback'],
    ])
      expect(routes).toContainEqual({ method, url, access: { kind: 'public' } });
    // The sandbox's onboarding page: public, the signed link is the capability (decision 0033).
    for (const method of ['GET', 'POST'])
      expect(routes).toContainEqual({
        method,
        url: '/sandbox/onboarding/:accountId',
        access: { kind: 'public' },
      });
    // Prometheus's scrape: public to the access plugin, the route asks for METRICS_TOKEN itself (decision 0119).
    expect(routes).toContainEqual({ method: 'GET', url: '/metrics', access: { kind: 'public' } });
    // The pixel script: loaded by every client site's embed code (decision 0042).
    expect(routes).toContainEqual({ method: 'GET', url: '/px.js', access: { kind: 'public' } });
    // An ad media download: the single-use link is the credential, made for the asker's scope (decision 0113).
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/media/download/:token',
      access: { kind: 'public' },
    });
    // Ad media and banner ids are scope-checked as their own kinds of resource (decision 0113).
    expect(routes).toContainEqual({
      method: 'PUT',
      url: '/api/media/:media_id',
      access: {
        kind: 'user',
        action: 'media.update',
        scope: [{ in: 'params', field: 'media_id', resource: 'adMedia' }],
      },
    });
    expect(routes).toContainEqual({
      method: 'DELETE',
      url: '/api/banner/:banner_id',
      access: {
        kind: 'user',
        action: 'banners.delete',
        scope: [{ in: 'params', field: 'banner_id', resource: 'banner' }],
      },
    });
    expect(routes).toContainEqual({
      method: 'DELETE',
      url: '/api/general/reset-payment-connection/:companyID/:typeConnection',
      access: {
        kind: 'user',
        action: 'paymentAccount.reset',
        scope: [{ in: 'params', field: 'companyID', resource: 'company' }],
      },
    });
    // Billing history: anyone may ask, for an id in scope; the service narrows it (decision 0035).
    for (const call of ['history', 'history-download'])
      for (const [party, field, resource] of [
        ['company', 'companyID', 'company'],
        ['user', 'usrID', 'user'],
      ] as const)
        expect(routes).toContainEqual({
          method: 'GET',
          url: `/api/billing/${call}/${party}/:${field}`,
          access: { kind: 'user', action: 'billing.read', scope: [{ in: 'params', field, resource }] },
        });
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/billing/parties',
      access: { kind: 'user', action: 'billing.read.system' },
    });
    // Sales commissions (decision 0089): the rate is the system owners'; a person's id is scope-checked.
    for (const [method, url, action] of [
      ['GET', '/api/configuration/commissions/rate', 'billing.commissionRate'],
      ['PUT', '/api/configuration/commissions/rate', 'billing.commissionRate.update'],
      ['GET', '/api/configuration/commissions', 'billing.commissions'],
    ] as const)
      expect(routes).toContainEqual({ method, url, access: { kind: 'user', action } });
    expect(routes).toContainEqual({
      method: 'GET',
      url: '/api/configuration/commissions/user/:usrID',
      access: {
        kind: 'user',
        action: 'billing.commissions',
        scope: [{ in: 'params', field: 'usrID', resource: 'user' }],
      },
    });
    const table = routes.map((r) => `${r.method.padEnd(8)} ${r.url.padEnd(48)} ${describeRule(r.access)}`);
    console.log(`${routes.length} routes:\n${table.join('\n')}`);
  });

  it('card, coupon and billing-method routes act as the policy says and scope-check every id they take', () => {
    const rule = (method: string, url: string) =>
      routes.find((r) => r.method === method && r.url === url)?.access;
    const usr = (where: 'params' | 'body') => [{ in: where, field: 'usrID', resource: 'user' }];
    const company = (where: 'params' | 'body', field = 'companyID') => [
      { in: where, field, resource: 'company' },
    ];
    expect(rule('GET', '/api/payment/card/:usrID')).toEqual({
      kind: 'user',
      action: 'cards.read',
      scope: usr('params'),
    });
    for (const [method, url] of [
      ['PUT', '/api/payment/card'],
      ['POST', '/api/payment/customer'],
      ['POST', '/api/payment/customer-direct'],
    ] as const)
      expect(rule(method, url), url).toEqual({ kind: 'user', action: 'cards.update', scope: usr('body') });
    expect(rule('POST', '/api/payment/sandbox/token')).toEqual({ kind: 'user', action: 'cards.update' });
    expect(rule('POST', '/api/payment/setup-intent')).toEqual({
      kind: 'user',
      action: 'cards.update',
      scope: usr('body'),
    });
    // A system's Stripe keys: its staff, no id (decision 0039).
    expect(rule('GET', '/api/configuration/payment-gateway')).toEqual({
      kind: 'user',
      action: 'paymentGateway.read',
    });
    for (const method of ['PUT', 'DELETE'] as const)
      expect(rule(method, '/api/configuration/payment-gateway')).toEqual({
        kind: 'user',
        action: 'paymentGateway.update',
      });
    expect(rule('PUT', '/api/payment/set-billing-method')).toEqual({
      kind: 'user',
      action: 'agencies.billingSwitches',
      scope: company('body'),
    });
    expect(rule('POST', '/api/configuration/coupon/get-coupon')).toEqual({
      kind: 'user',
      action: 'coupons.check',
      scope: company('body'),
    });
    expect(rule('GET', '/api/configuration/coupon/list/:company')).toEqual({
      kind: 'user',
      action: 'coupons.read',
      scope: company('params', 'company'),
    });
    expect(rule('POST', '/api/configuration/coupon/create')).toEqual({
      kind: 'user',
      action: 'coupons.create',
      scope: company('body'),
    });
    expect(rule('PUT', '/api/configuration/coupon/disable')).toEqual({
      kind: 'user',
      action: 'coupons.update',
      scope: company('body'),
    });
  });

  it('refuses to start when a route has no rule', async () => {
    // A second app on the runtime's services: the runtime's own has loaded its plugins already.
    const app = await rt.buildAppWith({});
    app.get('/api/test/forgotten', async () => ({ ok: true }));
    await expect(app.ready()).rejects.toThrow('GET /api/test/forgotten declares no access rule');
    await app.close();
  });

  it('answers 401 with the one error shape on a user route without a session', async () => {
    const app = await rt.buildAppWith({});
    app.get(
      '/api/test/private',
      { config: { access: { kind: 'user', action: 'session.read' } } },
      async () => ({
        secret: true,
      }),
    );
    const res = await app.inject({ url: '/api/test/private' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: { code: 'unauthenticated', message: 'Unauthenticated.' } });
    await app.close();
  });
});

describe('unknown routes and ids', () => {
  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/app-config'],
    ['DELETE', '/api/domainsubdomain/localhost/localhost'],
    ['GET', '/api'],
  ])('%s %s answers the 404 shape', async (method, url) => {
    const res = await rt.app.inject({
      method: method as 'GET',
      url,
      payload: method === 'GET' ? undefined : {},
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
  });

  it('answers 404 for a file id that is not a public branding image, and for an unknown one', async () => {
    const unknown = await rt.app.inject({ url: '/api/files/00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
  });

  it('never leaks internals on an unexpected failure', async () => {
    const app = await rt.buildAppWith({});
    app.get('/api/test/boom', { config: { access: { kind: 'public' } } }, async () => {
      throw new Error('database password is hunter2');
    });
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong. Please try again later.' },
    });
    await app.close();
  });
});

function describeRule(rule: AccessRule): string {
  if (rule.kind === 'public') return 'public';
  const what = typeof rule.action === 'string' ? rule.action : rule.action.oneOf.join(' or ');
  return `${what}${rule.scope ? ` scope ${rule.scope.map((s) => `${s.in}.${s.field}:${s.resource}`).join(',')}` : ''}`;
}
