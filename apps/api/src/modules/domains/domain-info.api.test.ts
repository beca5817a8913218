import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const lookup = (host: string, label = host.split('.')[0]) =>
  rt.app.inject({ url: `/api/domainsubdomain/${host}/${label}` });

describe('GET /api/domainsubdomain/{domainorsub}/{hostID}', () => {
  it('answers the master system for its own host', async () => {
    const res = await lookup('localhost');
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.is_master).toBe(true);
    expect(info.agencyplatformroot).toBe(false);
    expect(info.idsys).toBe(info.masteridsys);
    expect(info.company_root_name).toBe(DEMO.master.root.name);
    expect(info.branding.company_name).toBe(DEMO.master.root.name);
    expect(info.root_user_email).toBe(DEMO.master.rootUser.email);
    expect(info.sidemenu.map((m: { type: string }) => m.type)).toEqual([
      'local',
      'locator',
      'enhance',
      'b2b',
      'simplifi',
    ]);
  });

  it("answers an agency subdomain with the agency's branding on its system", async () => {
    const res = await lookup(`${DEMO.northwind.subdomain}.localhost`);
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info.agencyplatformroot).toBe(true);
    expect(info.is_master).toBe(true);
    expect(info.subdomain).toBe(DEMO.northwind.subdomain);
    expect(info.company_root_name).toBe(DEMO.master.root.name);
    expect(info.branding).toMatchObject({ company_name: DEMO.northwind.name, ...DEMO.northwind.branding });
    expect(info.branding.logo_url).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
  });

  it("answers an agency's custom domain with the agency's branding", async () => {
    const res = await lookup(DEMO.northwind.customDomain);
    expect(res.statusCode).toBe(200);
    expect(res.json().branding.company_name).toBe(DEMO.northwind.name);
    expect(res.json().domain).toBe(DEMO.northwind.customDomain);
  });

  it('falls back to the master system for an unknown host', async () => {
    const res = await lookup('unknown.example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_master: true, agencyplatformroot: false });
    expect(res.json().branding.company_name).toBe(DEMO.master.root.name);
  });

  it('answers a second white-label system and its agency, without master-only modules', async () => {
    const system = (await lookup(DEMO.brightreach.domain)).json();
    expect(system.is_master).toBe(false);
    expect(system.idsys).not.toBe(system.masteridsys);
    expect(system.branding).toMatchObject({
      company_name: DEMO.brightreach.root.name,
      ...DEMO.brightreach.branding,
    });
    expect(system.sidemenu.map((m: { type: string }) => m.type)).not.toContain('simplifi');

    const agency = (await lookup(`${DEMO.brightreach.agency.subdomain}.${DEMO.brightreach.domain}`)).json();
    expect(agency.idsys).toBe(system.idsys);
    expect(agency.agencyplatformroot).toBe(true);
    expect(agency.branding.company_name).toBe(DEMO.brightreach.agency.name);
    // The agency has no branding of its own: it shows its system's colours.
    expect(agency.branding.sidebar_bgcolor).toBe(DEMO.brightreach.branding.sidebar_bgcolor);
  });

  it('does not take an agency subdomain of one system on another system', async () => {
    // 'northwind' is a master-system agency; below the second system's domain it means nothing.
    const res = await lookup(`${DEMO.northwind.subdomain}.${DEMO.brightreach.domain}`);
    expect(res.json().is_master).toBe(true);
    expect(res.json().agencyplatformroot).toBe(false);
  });

  it('ignores case and a trailing dot in the host', async () => {
    const res = await lookup('NorthWind.LocalHost.', 'northwind');
    expect(res.json().branding.company_name).toBe(DEMO.northwind.name);
  });

  it('rejects a hostID that is not the first label, and hosts with invalid characters', async () => {
    const mismatch = await lookup('northwind.localhost', 'summit');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.fields).toHaveProperty('hostID');
    const invalid = await rt.app.inject({ url: '/api/domainsubdomain/bad_host!/bad' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('validation_failed');
  });

  it('serves the logo it names as a PNG', async () => {
    const info = (await lookup('northwind.localhost')).json();
    const logo = await rt.app.inject({ url: info.branding.logo_url });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['x-content-type-options']).toBe('nosniff');
    expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });
});
