import { describe, expect, it } from 'vitest';
import {
  addDays,
  firstOfNextMonth,
  isTimeZone,
  localDate,
  parseLocalDate,
  startOfLocalDay,
} from './zoned-time.js';

describe('localDate: the calendar date of an instant in a zone', () => {
  it.each([
    ['2026-03-01T05:59:59.999Z', 'America/Chicago', '2026-02-28'],
    ['2026-03-01T06:00:00.000Z', 'America/Chicago', '2026-03-01'],
    ['2026-03-31T23:30:00.000Z', 'America/Chicago', '2026-03-31'],
    ['2026-04-01T04:59:59.999Z', 'America/Chicago', '2026-03-31'],
    ['2026-04-01T05:00:00.000Z', 'America/Chicago', '2026-04-01'],
    ['2025-12-31T18:30:00.000Z', 'Asia/Kolkata', '2026-01-01'],
    ['2026-01-01T00:00:00.000Z', 'UTC', '2026-01-01'],
  ])('%s in %s', (instant, zone, date) => {
    expect(localDate(new Date(instant), zone)).toBe(date);
  });
});

describe('localDate keeps the current day per zone without mixing instants, days or zones', () => {
  it('answers alternating instants either side of midnight and in two zones', () => {
    const before = new Date('2026-03-01T05:59:59.999Z');
    const after = new Date('2026-03-01T06:00:00.000Z');
    for (let i = 0; i < 3; i++) {
      expect(localDate(before, 'America/Chicago')).toBe('2026-02-28');
      expect(localDate(after, 'America/Chicago')).toBe('2026-03-01');
      expect(localDate(before, 'Asia/Tokyo')).toBe('2026-03-01');
      expect(localDate(new Date('2026-03-01T15:00:00Z'), 'Asia/Tokyo')).toBe('2026-03-02');
    }
  });
});

describe('startOfLocalDay: the first millisecond of a local date', () => {
  it.each([
    // America/Chicago: spring forward on 2026-03-08 (a 23-hour day), fall back on 2026-11-01 (25 hours).
    ['2026-03-08', 'America/Chicago', '2026-03-08T06:00:00.000Z'],
    ['2026-03-09', 'America/Chicago', '2026-03-09T05:00:00.000Z'],
    ['2026-11-01', 'America/Chicago', '2026-11-01T05:00:00.000Z'],
    ['2026-11-02', 'America/Chicago', '2026-11-02T06:00:00.000Z'],
    // Havana skips midnight on 2026-03-08 (00:00 → 01:00): the day begins at 01:00 local.
    ['2026-03-08', 'America/Havana', '2026-03-08T05:00:00.000Z'],
    ['2026-01-01', 'Pacific/Kiritimati', '2025-12-31T10:00:00.000Z'],
    ['2026-01-01', 'Etc/GMT+12', '2026-01-01T12:00:00.000Z'],
    ['2026-01-01', 'Asia/Kolkata', '2025-12-31T18:30:00.000Z'],
  ])('%s in %s', (date, zone, instant) => {
    const start = startOfLocalDay(date, zone);
    expect(start.toISOString()).toBe(instant);
    expect(localDate(start, zone)).toBe(date);
    expect(localDate(new Date(start.getTime() - 1), zone)).toBe(addDays(date, -1));
  });
});

describe('calendar arithmetic and input checks', () => {
  it.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('addDays(%s, %i)', (date, days, result) => {
    expect(addDays(date, days)).toBe(result);
  });
  it.each([
    ['2026-01-31', '2026-02-01'],
    ['2026-12-05', '2027-01-01'],
  ])('firstOfNextMonth(%s)', (date, result) => {
    expect(firstOfNextMonth(date)).toBe(result);
  });
  it.each(['2026-02-30', '2026-13-01', '2026-1-01', '26-01-01', '', '2026-01-01T00:00'])(
    'refuses the date %j',
    (text) => {
      expect(() => parseLocalDate(text)).toThrow(`Not a date (YYYY-MM-DD): ${text}`);
    },
  );
  it('knows IANA zones and refuses others with a clear error', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(() => localDate(new Date(), 'Mars/Olympus_Mons')).toThrow(
      'Not an IANA time zone: Mars/Olympus_Mons',
    );
  });
});
