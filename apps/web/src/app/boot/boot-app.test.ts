import { DEFAULT_BRANDING } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { domainInfoPath } from '../../api/domain-info';
import { bootApp } from './boot-app';
import { readInlineBoot } from './inline-boot';

const domainInfo = {
  idsys: 1,
  masteridsys: 1,
  is_master: true,
  owner_company_id: 10,
  agencyplatformroot: false,
  rootcomp: 10,
  company_root_name: 'Root Co',
  company_legal_name: 'Root Co LLC',
  company_short_name: 'RC',
  company_address: '',
  company_city: '',
  company_zip: '',
  company_state_code: '',
  company_state_name: '',
  company_phone: '',
  domain: 'example.test',
  subdomain: 'app',
  status_domain: 'active',
  root_user_name: '',
  root_user_email: '',
  root_user_address: '',
  payment_public_key: '',
  recaptcha_site_key: '',
  charges_enabled: true,
  payouts_enabled: true,
  account_requirements: [],
  paymentterm: [{ value: 'Weekly', label: 'Weekly' }],
  sidemenu: [{ type: 'local', name: 'Site ID', url: 'siteid' }],
  branding: {
    company_name: 'Acme',
    logo_url: null,
    favicon_url: null,
    sidebar_bgcolor: '#000000',
    template_bgcolor: '#ffffff',
    box_bgcolor: '#ffffff',
    text_color: '#000000',
    link_color: '#123456',
    font_theme: 'Inter',
  },
};

const appConfig = { apiBase: '/api', dtKey: Buffer.alloc(32, 1).toString('base64'), version: '1' };

function fakeApi(domainBody: unknown, status = 200) {
  const urls: string[] = [];
  const impl = (async (input: RequestInfo | URL) => {
    const url = String(input);
    urls.push(url);
    const body = url === '/api/app-config' ? appConfig : domainBody;
    return new Response(JSON.stringify(body), { status: url === '/api/app-config' ? 200 : status });
  }) as typeof fetch;
  return { urls, impl };
}

describe('domainInfoPath', () => {
  it('uses the host name and its first label', () => {
    expect(domainInfoPath('App.Example.test')).toBe('/domainsubdomain/app.example.test/app');
    expect(domainInfoPath('localhost')).toBe('/domainsubdomain/localhost/localhost');
  });
});

describe('bootApp', () => {
  it('loads app-config, then domain info for the host', async () => {
    const api = fakeApi(domainInfo);
    const boot = await bootApp({
      hostname: 'app.example.test',
      getAccessToken: () => null,
      fetch: api.impl,
    });
    expect(api.urls).toEqual(['/api/app-config', '/api/domainsubdomain/app.example.test/app']);
    expect(boot.domainInfo.branding.company_name).toBe('Acme');
    expect(boot.domainInfo.branding.link_color).toBe('#123456');
  });

  it('falls back to the default branding when the branding is invalid', async () => {
    const api = fakeApi({ ...domainInfo, branding: { ...domainInfo.branding, link_color: 'url(x)' } });
    const boot = await bootApp({
      hostname: 'localhost',
      getAccessToken: () => null,
      fetch: api.impl,
    });
    expect(boot.domainInfo.branding).toEqual({ ...DEFAULT_BRANDING, company_name: 'Acme' });
  });

  it('gives the 401 handler factory the client it builds', async () => {
    const api = fakeApi(domainInfo);
    let handlerClient: unknown = null;
    const boot = await bootApp({
      hostname: 'localhost',
      getAccessToken: () => null,
      fetch: api.impl,
      unauthenticatedHandler: (http) => {
        handlerClient = http;
        return async ({ error }) => {
          throw error;
        };
      },
    });
    expect(handlerClient).toBe(boot.http);
  });

  it('fails when the domain lookup fails', async () => {
    const api = fakeApi({ error: { code: 'not_found', message: 'Unknown host' } }, 404);
    await expect(
      bootApp({ hostname: 'nowhere.test', getAccessToken: () => null, fetch: api.impl }),
    ).rejects.toMatchObject({ status: 404, message: 'Unknown host' });
  });
});

describe('boot from the data inlined in index.html', () => {
  const inlineText = (host: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ host, appConfig, domainInfo, ...extra });

  it('makes no request when index.html carried both parts', async () => {
    const api = fakeApi(domainInfo);
    const boot = await bootApp({
      hostname: 'app.example.test',
      getAccessToken: () => null,
      fetch: api.impl,
      inline: readInlineBoot(inlineText('app.example.test'), 'app.example.test'),
    });
    expect(api.urls).toEqual([]);
    expect(boot.appConfig).toEqual(appConfig);
    expect(boot.domainInfo.branding.company_name).toBe('Acme');
  });

  it('fetches domain info when the inlined one is for another host', async () => {
    const api = fakeApi(domainInfo);
    await bootApp({
      hostname: 'app.example.test',
      getAccessToken: () => null,
      fetch: api.impl,
      inline: readInlineBoot(inlineText('other.example.test'), 'app.example.test'),
    });
    expect(api.urls).toEqual(['/api/domainsubdomain/app.example.test/app']);
  });

  it('validates what it reads: invalid parts are fetched, invalid branding falls back', () => {
    expect(readInlineBoot('not json', 'x')).toEqual({});
    expect(readInlineBoot(null, 'x')).toEqual({});
    const bad = readInlineBoot(inlineText('x', { appConfig: { apiBase: 1 } }), 'x');
    expect(bad.appConfig).toBeUndefined();
    expect(bad.domainInfo?.idsys).toBe(1);
    const badBranding = readInlineBoot(
      inlineText('x', {
        domainInfo: { ...domainInfo, branding: { ...domainInfo.branding, text_color: 'red;' } },
      }),
      'x',
    );
    expect(badBranding.domainInfo?.branding).toEqual({ ...DEFAULT_BRANDING, company_name: 'Acme' });
    expect(readInlineBoot(inlineText('x', { domainInfo: { idsys: 'no' } }), 'x').domainInfo).toBeUndefined();
  });
});
