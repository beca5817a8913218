import { addDays, instantAtLocalTime, type LocalDate, parseLocalDate, startOfLocalDay } from '@app/contracts';

/*
 * The enhance / b2b daily drip (decision 0044): the day's list from the data vendor is not delivered
 * at once but spread over the campaign's local business hours, so leads (and the client's
 * notifications) arrive through the working day as a pixel's would. Pure and deterministic: the same
 * campaign, day and list always give the same times (seeded by campaign id + day), in any process.
 */

export type DripWindow = 'business_hours' | 'whole_day';

/** 08:00 to 18:00 local time, every day the campaign runs (its limit is per day, weekends too). */
export const DRIP_BUSINESS_HOURS = { fromMinutes: 8 * 60, toMinutes: 18 * 60 } as const;

export interface DripPlanInput<T> {
  campaignId: string | number;
  /** The campaign's local date the list is for. */
  day: LocalDate;
  /** The campaign's IANA zone. */
  timeZone: string;
  /** How many more leads the campaign may take that day (its daily limit less what it has). */
  quota: number;
  /** The day's identities, in the vendor's order: the first `quota` are sent. */
  items: readonly T[];
  /** Nothing is planned before this (the campaign started, or the job ran, during the day). */
  notBefore?: Date;
  /** Default `business_hours`. */
  window?: DripWindow;
}

export interface DripPlan<T> {
  /** One send per item, in time order, each in the window. */
  sends: { at: Date; item: T }[];
  /** The span the sends were spread over; null when the day is over. */
  window: { start: Date; end: Date } | null;
  /** Items not planned: beyond the quota, or all of them when the day is over. */
  notSent: number;
}

/**
 * Plans the day's sends: at most `quota`, spread over the window in equal slots with one send at a
 * seeded point of each slot (even through the day, never bunched, never on a round minute). A window
 * already partly past starts at `notBefore`; one wholly past (business hours over) falls back to the
 * rest of the day, so a campaign started at 19:00 still gets its leads that day.
 */
export function planDrip<T>(input: DripPlanInput<T>): DripPlan<T> {
  const { day, timeZone, quota, items } = input;
  parseLocalDate(day);
  if (!Number.isSafeInteger(quota) || quota < 0)
    throw new RangeError(`A quota is a whole number, zero or more: ${quota}`);
  const dayStart = startOfLocalDay(day, timeZone).getTime();
  const dayEnd = startOfLocalDay(addDays(day, 1), timeZone).getTime();
  const notBefore = input.notBefore ? input.notBefore.getTime() : dayStart;
  if (Number.isNaN(notBefore)) throw new RangeError('notBefore must be a time');

  let [start, end] =
    (input.window ?? 'business_hours') === 'business_hours'
      ? [
          instantAtLocalTime(day, DRIP_BUSINESS_HOURS.fromMinutes, timeZone).getTime(),
          instantAtLocalTime(day, DRIP_BUSINESS_HOURS.toMinutes, timeZone).getTime(),
        ]
      : [dayStart, dayEnd];
  start = Math.max(start, notBefore);
  if (start >= end) [start, end] = [Math.max(dayStart, notBefore), dayEnd];
  if (start >= end) return { sends: [], window: null, notSent: items.length };

  const count = Math.min(quota, items.length);
  const span = end - start;
  const random = mulberry32(fnv1a(`drip|${input.campaignId}|${day}`));
  const sends = items.slice(0, count).map((item, i) => {
    const slotStart = start + Math.floor((i * span) / count);
    const slotEnd = start + Math.floor(((i + 1) * span) / count);
    return { at: new Date(slotStart + Math.floor(random() * (slotEnd - slotStart))), item };
  });
  return { sends, window: { start: new Date(start), end: new Date(end) }, notSent: items.length - count };
}

/** FNV-1a over UTF-16 code units: a 32-bit seed from text. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: uniform numbers in [0, 1) from a 32-bit seed. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
