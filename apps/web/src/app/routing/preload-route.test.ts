import { describe, expect, it } from 'vitest';
import { chunksForPath } from './preload-route';

describe('the chunks a page load starts at boot', () => {
  it('a signed-in screen: the shell and that screen, whatever the path’s case or trailing slash', () => {
    expect(chunksForPath('/configuration/report-analytics', true)).toEqual({
      screenKey: 'configuration.report-analytics',
      shell: true,
    });
    expect(chunksForPath('/Configuration/Agency-List/', true)).toEqual({
      screenKey: 'configuration.agency-list',
      shell: true,
    });
  });

  it('a visitor on a signed-in screen starts nothing (the guard sends them to sign in)', () => {
    expect(chunksForPath('/configuration/report-analytics', false)).toBeNull();
  });

  it('the sign-in page for a visitor only, public pages for everyone, no shell', () => {
    expect(chunksForPath('/login', false)).toEqual({ screenKey: 'login', shell: false });
    expect(chunksForPath('/login', true)).toBeNull();
    for (const signedIn of [false, true])
      expect(chunksForPath('/privacy-policy', signedIn)).toEqual({
        screenKey: 'privacy-policy',
        shell: false,
      });
  });

  it('an unknown path starts nothing', () => {
    expect(chunksForPath('/no/such/page/here', true)).toBeNull();
  });
});
