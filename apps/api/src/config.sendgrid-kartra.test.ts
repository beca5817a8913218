import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

/* Which SendGrid and Kartra a deployment talks to (decision 0103): their sandboxes unless set. */

const load = (env: Record<string, string>) => {
  const config = loadConfig(env as NodeJS.ProcessEnv);
  return { sendgrid: config.sendgrid, kartra: config.kartra };
};

describe('SendGrid and Kartra configuration', () => {
  it('uses both sandboxes when nothing is set', () => {
    expect(load({})).toEqual({ sendgrid: null, kartra: null });
  });

  it('calls the real SendGrid with SENDGRID_MODE=live or a SENDGRID_API_URL, unless SENDGRID_MODE=sandbox', () => {
    expect(load({ SENDGRID_MODE: 'live' }).sendgrid).toEqual({ apiBase: 'https://api.sendgrid.com' });
    expect(load({ SENDGRID_API_URL: 'https://api.eu.sendgrid.com/' }).sendgrid).toEqual({
      apiBase: 'https://api.eu.sendgrid.com',
    });
    expect(load({ SENDGRID_MODE: 'sandbox', SENDGRID_API_URL: 'http://127.0.0.1:9' }).sendgrid).toBeNull();
    expect(load({ SENDGRID_MODE: 'sandbox' }).sendgrid).toBeNull();
    expect(() => load({ SENDGRID_MODE: 'on' })).toThrow(/SENDGRID_MODE/);
    expect(() => load({ SENDGRID_API_URL: 'ftp://x' })).toThrow(/SENDGRID_API_URL/);
  });

  it('calls the real Kartra with this platform’s app id; an address without one is refused', () => {
    expect(load({ KARTRA_APP_ID: 'app-1' }).kartra).toEqual({
      appId: 'app-1',
      apiUrl: 'https://app.kartra.com/api',
    });
    expect(load({ KARTRA_APP_ID: 'app-1', KARTRA_API_URL: 'http://127.0.0.1:9/api' }).kartra).toEqual({
      appId: 'app-1',
      apiUrl: 'http://127.0.0.1:9/api',
    });
    expect(load({ KARTRA_APP_ID: ' ' }).kartra).toBeNull();
    expect(() => load({ KARTRA_API_URL: 'http://127.0.0.1:9/api' })).toThrow(
      /KARTRA_API_URL needs KARTRA_APP_ID/,
    );
  });
});
