import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** Simpli.fi or the sandbox ad platform (decision 0112): the keys decide, both or neither. */
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/simplifi-config', ...env });

describe('Simpli.fi settings', () => {
  it('uses the sandbox ad platform without keys', () => {
    expect(load({}).simplifi).toBeNull();
  });

  it('takes Simpli.fi with both keys, at its own address unless told another', () => {
    expect(load({ SIMPLIFI_APP_KEY: 'app', SIMPLIFI_USER_KEY: 'user' }).simplifi).toEqual({
      appKey: 'app',
      userKey: 'user',
      baseUrl: 'https://app.simpli.fi/api',
      rootOrganizationId: null,
    });
    expect(
      load({
        SIMPLIFI_APP_KEY: 'app',
        SIMPLIFI_USER_KEY: 'user',
        SIMPLIFI_BASE_URL: 'http://127.0.0.1:4567/api',
        SIMPLIFI_ORGANIZATION_ID: '5786',
      }).simplifi,
    ).toMatchObject({ baseUrl: 'http://127.0.0.1:4567/api', rootOrganizationId: '5786' });
  });

  it('refuses one key without the other, an address without keys, and a bad address or organisation', () => {
    expect(() => load({ SIMPLIFI_APP_KEY: 'app' })).toThrow(/go together/);
    expect(() => load({ SIMPLIFI_USER_KEY: 'user' })).toThrow(/go together/);
    expect(() => load({ SIMPLIFI_BASE_URL: 'https://app.simpli.fi/api' })).toThrow(/need the Simpli.fi keys/);
    expect(() =>
      load({ SIMPLIFI_APP_KEY: 'a', SIMPLIFI_USER_KEY: 'u', SIMPLIFI_BASE_URL: 'ftp://app.simpli.fi' }),
    ).toThrow();
    expect(() =>
      load({ SIMPLIFI_APP_KEY: 'a', SIMPLIFI_USER_KEY: 'u', SIMPLIFI_ORGANIZATION_ID: 'northwind' }),
    ).toThrow();
  });
});
