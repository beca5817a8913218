import { instantAtLocalTime, localDate } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { DRIP_BUSINESS_HOURS, type DripPlanInput, planDrip } from './drip-plan.js';

const items = (n: number) => Array.from({ length: n }, (_, i) => `identity-${i + 1}`);
const base: DripPlanInput<string> = {
  campaignId: 4021,
  day: '2026-11-26',
  timeZone: 'America/Chicago',
  quota: 50,
  items: items(80),
};
/** Local 'HH:MM' of an instant. */
const clock = (at: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    at,
  );

describe('planDrip: how many are sent', () => {
  it.each([
    [0, 80, 0, 80],
    [50, 80, 50, 30],
    [50, 20, 20, 0],
    [1, 1, 1, 0],
    [10, 0, 0, 0],
  ])('quota %i with %i identities → %i sends, %i not sent', (quota, available, sent, notSent) => {
    const plan = planDrip({ ...base, quota, items: items(available) });
    expect(plan.sends).toHaveLength(sent);
    expect(plan.notSent).toBe(notSent);
    expect(plan.sends.map((s) => s.item)).toEqual(items(available).slice(0, sent));
  });
});

describe('planDrip: when they are sent', () => {
  it.each([
    // zone, day, window start (UTC), window end (UTC): 08:00-18:00 local
    ['America/Chicago', '2026-11-26', '2026-11-26T14:00:00.000Z', '2026-11-27T00:00:00.000Z'],
    ['America/Chicago', '2026-03-08', '2026-03-08T13:00:00.000Z', '2026-03-08T23:00:00.000Z'], // spring forward
    ['America/Chicago', '2026-11-01', '2026-11-01T14:00:00.000Z', '2026-11-02T00:00:00.000Z'], // fall back
    ['Asia/Kolkata', '2026-11-26', '2026-11-26T02:30:00.000Z', '2026-11-26T12:30:00.000Z'],
    ['Pacific/Kiritimati', '2026-01-01', '2025-12-31T18:00:00.000Z', '2026-01-01T04:00:00.000Z'],
  ])('in %s on %s: inside business hours, in order, evenly spread', (timeZone, day, start, end) => {
    const plan = planDrip({ ...base, timeZone, day, quota: 100, items: items(100) });
    expect(plan.window).toEqual({ start: new Date(start), end: new Date(end) });
    const times = plan.sends.map((s) => s.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(new Set(times).size).toBe(100);
    for (const at of plan.sends.map((s) => s.at)) {
      expect(at >= new Date(start) && at < new Date(end)).toBe(true);
      expect(localDate(at, timeZone)).toBe(day);
    }
    // Ten hours, one hundred sends in equal slots: ten in each local hour.
    const perHour = new Map<string, number>();
    for (const s of plan.sends)
      perHour.set(
        clock(s.at, timeZone).slice(0, 2),
        (perHour.get(clock(s.at, timeZone).slice(0, 2)) ?? 0) + 1,
      );
    expect([...perHour.values()]).toEqual(Array(10).fill(10));
  });

  it('spreads over the whole local day when asked: 23 and 25 hours on the change days', () => {
    const spring = planDrip({ ...base, day: '2026-03-08', window: 'whole_day' });
    expect(spring.window).toEqual({
      start: new Date('2026-03-08T06:00:00.000Z'),
      end: new Date('2026-03-09T05:00:00.000Z'),
    });
    const fall = planDrip({ ...base, day: '2026-11-01', window: 'whole_day' });
    expect(fall.window).toEqual({
      start: new Date('2026-11-01T05:00:00.000Z'),
      end: new Date('2026-11-02T06:00:00.000Z'),
    });
    for (const plan of [spring, fall])
      for (const s of plan.sends)
        expect(localDate(s.at, 'America/Chicago')).toBe(plan === spring ? '2026-03-08' : '2026-11-01');
  });

  it('gives the same times for the same campaign and day, other times for another', () => {
    const plan = planDrip(base);
    expect(planDrip(base)).toEqual(plan);
    const times = (p: ReturnType<typeof planDrip>) => p.sends.map((s) => clock(s.at, 'America/Chicago'));
    expect(times(planDrip({ ...base, campaignId: 4022 }))).not.toEqual(times(plan));
    expect(times(planDrip({ ...base, day: '2026-11-27' }))).not.toEqual(times(plan));
  });
});

describe('planDrip: a day already under way', () => {
  const at = (iso: string) => new Date(iso);
  it.each([
    [
      'before business hours: the whole window',
      '2026-11-26T10:00:00.000Z',
      '2026-11-26T14:00:00.000Z',
      '2026-11-27T00:00:00.000Z',
    ],
    [
      'at 13:00 local: the rest of the window',
      '2026-11-26T19:00:00.000Z',
      '2026-11-26T19:00:00.000Z',
      '2026-11-27T00:00:00.000Z',
    ],
    [
      'at 19:00 local: the rest of the day',
      '2026-11-27T01:00:00.000Z',
      '2026-11-27T01:00:00.000Z',
      '2026-11-27T06:00:00.000Z',
    ],
  ])('%s', (_, notBefore, start, end) => {
    const plan = planDrip({ ...base, notBefore: at(notBefore) });
    expect(plan.window).toEqual({ start: at(start), end: at(end) });
    expect(plan.sends).toHaveLength(50);
    for (const s of plan.sends) expect(s.at >= at(start) && s.at < at(end)).toBe(true);
  });

  it('plans nothing for a day that is over', () => {
    expect(planDrip({ ...base, notBefore: at('2026-11-27T06:00:00.000Z') })).toEqual({
      sends: [],
      window: null,
      notSent: 80,
    });
  });
});

describe('planDrip: bad input is refused', () => {
  it.each([
    [{ quota: -1 }, 'A quota is a whole number, zero or more: -1'],
    [{ quota: 2.5 }, 'A quota is a whole number, zero or more: 2.5'],
    [{ day: '2026-02-30' }, 'Not a date (YYYY-MM-DD): 2026-02-30'],
    [{ timeZone: 'Mars/Olympus_Mons' }, 'Not an IANA time zone: Mars/Olympus_Mons'],
    [{ notBefore: new Date('nope') }, 'notBefore must be a time'],
  ])('%j', (overrides, message) => {
    expect(() => planDrip({ ...base, ...overrides })).toThrow(message);
  });
});

describe('instantAtLocalTime: a wall-clock time of a local date', () => {
  it.each([
    ['2026-11-26', 8 * 60, 'America/Chicago', '2026-11-26T14:00:00.000Z'],
    ['2026-03-08', 150, 'America/Chicago', '2026-03-08T08:00:00.000Z'], // 02:30 skipped → 03:00 CDT
    ['2026-03-08', 180, 'America/Chicago', '2026-03-08T08:00:00.000Z'],
    ['2026-11-01', 90, 'America/Chicago', '2026-11-01T06:30:00.000Z'], // 01:30 twice → the first (CDT)
    ['2026-03-08', 30, 'America/Havana', '2026-03-08T05:00:00.000Z'], // midnight skipped: the day begins at 01:00
    ['2026-11-26', 1_440, 'America/Chicago', '2026-11-27T06:00:00.000Z'],
    ['2026-11-26', DRIP_BUSINESS_HOURS.toMinutes, 'Asia/Kolkata', '2026-11-26T12:30:00.000Z'],
  ])('%s +%i min in %s', (day, minutes, zone, iso) => {
    expect(instantAtLocalTime(day, minutes, zone).toISOString()).toBe(iso);
  });
  it('refuses minutes outside the day', () => {
    expect(() => instantAtLocalTime('2026-11-26', 1_441, 'UTC')).toThrow(RangeError);
    expect(() => instantAtLocalTime('2026-11-26', -1, 'UTC')).toThrow(RangeError);
  });
});
