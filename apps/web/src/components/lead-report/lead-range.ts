import { DATE_INVALID, END_BEFORE_START } from '@app/contracts';

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

/** True for a real calendar day written yyyy-MM-dd (not 2026-02-30). */
export function isDay(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/** Why a range cannot be asked for, in the campaign form's words; null when it can (open bounds are fine). */
export function rangeError(range: DayRangeDraft): string | null {
  if ((range.start && !isDay(range.start)) || (range.end && !isDay(range.end))) return DATE_INVALID;
  // yyyy-MM-dd strings sort as the days they name.
  if (range.start && range.end && range.end < range.start) return END_BEFORE_START;
  return null;
}

/** The first day of the month `today` is in, up to today: the invoice report opens on it. */
export function monthToDate(today: Date): DayRangeDraft {
  return { start: formatDay(new Date(today.getFullYear(), today.getMonth(), 1)), end: formatDay(today) };
}
