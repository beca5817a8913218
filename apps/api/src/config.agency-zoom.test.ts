import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/** AgencyZoom's live/sandbox choice (decision 0106): the sandbox unless asked for the real one. */
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/agency-zoom-config', ...env });

describe('AgencyZoom settings', () => {
  it('uses the sandbox by default and with AGENCYZOOM_MODE=sandbox', () => {
    expect(load({}).agencyZoom).toBeNull();
    expect(
      load({ AGENCYZOOM_MODE: 'sandbox', AGENCYZOOM_WEBHOOK_BASE: 'http://127.0.0.1:9' }).agencyZoom,
    ).toBeNull();
  });

  it('takes the real AgencyZoom with AGENCYZOOM_MODE=live or a webhook base', () => {
    expect(load({ AGENCYZOOM_MODE: 'live' }).agencyZoom).toEqual({
      webhookBase: 'https://app.agencyzoom.com',
    });
    expect(load({ AGENCYZOOM_WEBHOOK_BASE: 'http://127.0.0.1:4567/' }).agencyZoom).toEqual({
      webhookBase: 'http://127.0.0.1:4567',
    });
  });

  it('refuses a webhook base that is not an http(s) address', () => {
    expect(() => load({ AGENCYZOOM_WEBHOOK_BASE: 'ftp://app.agencyzoom.com' })).toThrow();
    expect(() => load({ AGENCYZOOM_MODE: 'maybe' })).toThrow();
  });
});
