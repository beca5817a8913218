import { HOST_PARTY_DOCUMENTS, PUBLIC_DOCUMENTS } from '@app/contracts';
import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

describe('GET /api/document/agreement', () => {
  it.each(PUBLIC_DOCUMENTS)('serves %s with the reading system filled in', async (name) => {
    const res = await rt.app.inject({ url: `/api/document/agreement?name=${name}&host=localhost` });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.name).toBe(name);
    expect(doc.title.length).toBeGreaterThan(3);
    expect(doc.html).toContain(DEMO.master.root.legalName);
    expect(doc.html).not.toContain('{{company}}');
  });

  it("fills in the second system's name on its host", async () => {
    const res = await rt.app.inject({
      url: `/api/document/agreement?name=term-of-use&host=${DEMO.brightreach.domain}`,
    });
    expect(res.json().html).toContain(DEMO.brightreach.root.legalName);
  });

  it("names the agency on its own white-label host in its clients' documents, the platform in agency agreements", async () => {
    const on = async (name: string) =>
      (
        await rt.app.inject({
          url: `/api/document/agreement?name=${name}&host=${DEMO.northwind.subdomain}.localhost`,
        })
      ).json().html as string;
    for (const name of HOST_PARTY_DOCUMENTS) {
      const html = await on(name);
      expect(html, name).toContain(DEMO.northwind.name);
      expect(html, name).not.toContain(DEMO.master.root.legalName);
    }
    // The developer agreement is the agency's with the platform, wherever it is read.
    expect(await on('marketing-services-agreement-developer')).toContain(DEMO.master.root.legalName);
    // Through the custom domain as well.
    const custom = await rt.app.inject({
      url: `/api/document/agreement?name=privacy-policy&host=${DEMO.northwind.customDomain}`,
    });
    expect(custom.json().html).toContain(DEMO.northwind.name);
  });

  it('rejects an unknown document name', async () => {
    const res = await rt.app.inject({ url: '/api/document/agreement?name=secret-plans' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });
});

describe('health', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await rt.app.inject({ url: '/healthz' })).json()).toEqual({ status: 'ok', checks: {} });
    expect((await rt.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ok',
      checks: { database: true },
    });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const spec = (await rt.app.inject({ url: '/api/docs/json' })).json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toContain('/api/domainsubdomain/{domainorsub}/{hostID}');
    expect(
      spec.paths['/api/document/agreement'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('name');
  });
});
