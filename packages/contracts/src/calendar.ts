import { z } from 'zod';

/**
 * Calendar days and months as people type them (YYYY-MM-DD, YYYY-MM): the one date type of every
 * request — form fields, query filters and path segments alike (decision 0067).
 *
 * A day must be real (no 2026-02-30, no 2026-13-01, 29 February only in leap years) and lie from
 * 1900-01-01 to 9998-12-31. Below: nothing this product records existed then, and a mistyped year
 * (0026 for 2026) is better refused than answered with an empty report; year 0000 is no year in
 * PostgreSQL at all. Above: every bound the server derives from a day or month (the day after, the
 * month after, the day shifted by a time zone) must stay a four-digit year, which JavaScript writes
 * and PostgreSQL reads alike; 9999-12's month end is year 10000, written "+010000" by JavaScript.
 */
export const FIRST_CALENDAR_DAY = '1900-01-01';
export const LAST_CALENDAR_DAY = '9998-12-31';
const FIRST_MONTH = FIRST_CALENDAR_DAY.slice(0, 7);
const LAST_MONTH = LAST_CALENDAR_DAY.slice(0, 7);

export const DATE_INVALID = `Enter a real date as YYYY-MM-DD, from ${FIRST_CALENDAR_DAY} to ${LAST_CALENDAR_DAY}.`;
export const MONTH_INVALID = `Choose a month as YYYY-MM, from ${FIRST_MONTH} to ${LAST_MONTH}.`;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_FORMAT = /^\d{4}-(0[1-9]|1[0-2])$/;

/** True for a real calendar day written YYYY-MM-DD within the range above. */
export function isCalendarDay(text: string): boolean {
  if (!DAY_FORMAT.test(text) || text < FIRST_CALENDAR_DAY || text > LAST_CALENDAR_DAY) return false;
  // A day that does not exist rolls over (2026-02-30 → 2026-03-02) and so reads back differently.
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** True for a month written YYYY-MM within the range above. */
export function isCalendarMonth(text: string): boolean {
  return MONTH_FORMAT.test(text) && text >= FIRST_MONTH && text <= LAST_MONTH;
}

/** A calendar day (YYYY-MM-DD). The pattern is stated too, so the OpenAPI document shows it. */
export const calendarDaySchema = z
  .string()
  .regex(DAY_FORMAT, DATE_INVALID)
  .refine(isCalendarDay, DATE_INVALID)
  .describe(`YYYY-MM-DD, ${FIRST_CALENDAR_DAY} to ${LAST_CALENDAR_DAY}`);

/** A calendar day, or '' for none (the forms send an empty field as ''). */
export const optionalCalendarDaySchema = z
  .string()
  .trim()
  .refine((text) => text === '' || isCalendarDay(text), DATE_INVALID)
  .describe(`YYYY-MM-DD, ${FIRST_CALENDAR_DAY} to ${LAST_CALENDAR_DAY}, or empty`);

/** A calendar month (YYYY-MM). */
export const calendarMonthSchema = z
  .string()
  .regex(MONTH_FORMAT, MONTH_INVALID)
  .refine(isCalendarMonth, MONTH_INVALID)
  .describe(`YYYY-MM, ${FIRST_MONTH} to ${LAST_MONTH}`);
