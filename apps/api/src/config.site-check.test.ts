import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv).siteCheckLoopback;

describe('site check loopback setting', () => {
  it('is off unless asked for', () => {
    expect(load({})).toBe(false);
    expect(load({ SITE_CHECK_LOOPBACK: 'on' })).toBe(true);
  });

  it('is refused in production, where it would let a campaign read the server’s own ports', () => {
    expect(() => load({ SITE_CHECK_LOOPBACK: 'on', NODE_ENV: 'production' })).toThrow(/SITE_CHECK_LOOPBACK/);
    expect(load({ SITE_CHECK_LOOPBACK: 'off', NODE_ENV: 'production' })).toBe(false);
  });
});
