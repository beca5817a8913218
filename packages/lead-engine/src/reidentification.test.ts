import { describe, expect, it } from 'vitest';
import {
  checkReidentification,
  DAY_MS,
  deliverableAgainAt,
  REIDENTIFICATION_WINDOWS,
  type ReidentificationWindow,
  windowMs,
  withinWindow,
} from './reidentification.js';

const LAST = new Date('2026-03-01T10:00:00.000Z');
const after = (days: number, ms = 0) => new Date(LAST.getTime() + days * DAY_MS + ms);

describe('windowMs: exact day counts', () => {
  it.each([
    ['never', null],
    ['7', 7 * 86_400_000],
    ['30', 30 * 86_400_000],
    ['90', 90 * 86_400_000],
    ['180', 180 * 86_400_000],
    ['365', 365 * 86_400_000],
  ] as const)('%s', (window, ms) => {
    expect(windowMs(window)).toBe(ms);
  });
  it('covers every window the campaign offers', () => {
    expect(REIDENTIFICATION_WINDOWS).toEqual(['never', '7', '30', '90', '180', '365']);
  });
});

describe('withinWindow: blocked while less than N × 24 h have passed', () => {
  it.each([
    // The 30-day boundary: day 29 blocked, day 30 (to the millisecond) and day 31 taken.
    ['30', after(29), true],
    ['30', after(30, -1), true],
    ['30', after(30), false],
    ['30', after(31), false],
    ['7', after(6), true],
    ['7', after(7, -1), true],
    ['7', after(7), false],
    ['7', after(8), false],
    ['90', after(89), true],
    ['90', after(90), false],
    ['180', after(179), true],
    ['180', after(180), false],
    ['365', after(364), true],
    ['365', after(365, -1), true],
    ['365', after(365), false],
    ['never', after(0, 1), true],
    ['never', after(10 * 365), true],
    ['30', LAST, true],
  ] as const)('%s days, %s', (window, now, blocked) => {
    expect(withinWindow(window as ReidentificationWindow, LAST, now)).toBe(blocked);
  });

  it('counts elapsed time, so a daylight-saving change does not move the boundary', () => {
    // 2026-03-08 is the US spring-forward day; the window still ends exactly 7 × 24 h later.
    const last = new Date('2026-03-05T12:00:00Z');
    expect(withinWindow('7', last, new Date('2026-03-12T11:59:59.999Z'))).toBe(true);
    expect(withinWindow('7', last, new Date('2026-03-12T12:00:00Z'))).toBe(false);
  });

  it('deliverableAgainAt is the first instant withinWindow turns false; never has none', () => {
    expect(deliverableAgainAt('30', LAST)).toEqual(after(30));
    expect(deliverableAgainAt('never', LAST)).toBeNull();
  });
});

describe('step 3: checkReidentification', () => {
  const base = {
    window: '30' as ReidentificationWindow,
    acrossClientCampaigns: false,
    lastToCampaign: null as Date | null,
    lastToClient: null as Date | null,
    now: after(29),
  };
  it.each([
    ['first delivery', {}, null],
    ['this campaign, day 29', { lastToCampaign: LAST }, 'reidentified_campaign'],
    ['this campaign, day 30', { lastToCampaign: LAST, now: after(30) }, null],
    ['this campaign, day 31', { lastToCampaign: LAST, now: after(31) }, null],
    ['another campaign of the client, per-campaign window', { lastToClient: LAST }, null],
    [
      'another campaign of the client, across the client',
      { lastToClient: LAST, acrossClientCampaigns: true },
      'reidentified_client',
    ],
    ['across the client, day 30', { lastToClient: LAST, acrossClientCampaigns: true, now: after(30) }, null],
    [
      'both: the campaign is named',
      { lastToCampaign: LAST, lastToClient: LAST, acrossClientCampaigns: true },
      'reidentified_campaign',
    ],
    [
      'never, years later',
      { window: 'never', lastToCampaign: LAST, now: after(3000) },
      'reidentified_campaign',
    ],
    [
      'never, across the client',
      { window: 'never', lastToClient: LAST, acrossClientCampaigns: true, now: after(3000) },
      'reidentified_client',
    ],
  ] as const)('%s', (_name, change, reason) => {
    expect(checkReidentification({ ...base, ...change })).toEqual(
      reason ? { ok: false, reason } : { ok: true },
    );
  });
});
