import { DATE_INVALID, END_BEFORE_START, isCalendarDay } from '@app/contracts';

/** A range of days as yyyy-MM-dd; '' is an open bound (the server's default). */
export interface DayRangeDraft {
  start: string;
  end: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day as yyyy-MM-dd in the person's own time zone (what "today" means to them). */
export function formatDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Why a range cannot be asked for, in the campaign form's words; null when it can (open bounds are fine). */
export function rangeError(range: DayRangeDraft): string | null {
  if ((range.start && !isCalendarDay(range.start)) || (range.end && !isCalendarDay(range.end)))
    return DATE_INVALID;
  // yyyy-MM-dd strings sort as the days they name.
  if (range.start && range.end && range.end < range.start) return END_BEFORE_START;
  return null;
}

/** The first day of the month `today` is in, up to today: the invoice report opens on it. */
export function monthToDate(today: Date): DayRangeDraft {
  return { start: formatDay(new Date(today.getFullYear(), today.getMonth(), 1)), end: formatDay(today) };
}
