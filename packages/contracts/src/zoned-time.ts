/*
 * Calendar days in an IANA time zone, with nothing but `Intl` (no date library): the local date of
 * an instant, and the instant a local date begins. Lead limits count in the campaign's zone
 * (decision 0037), so "today" for a campaign in America/Chicago starts at 05:00 or 06:00 UTC.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
const clockFormatters = new Map<string, Intl.DateTimeFormat>();
/** Bounded memos (cleared when full): the pipeline asks about the same few days thousands of times a second. */
const DAY_STARTS_KEPT = 10_000;
const dayStarts = new Map<string, number>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
    } catch {
      throw new RangeError(`Not an IANA time zone: ${timeZone}`);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the text names a time zone this runtime knows ('America/Chicago'). */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** A local date as text, 'YYYY-MM-DD'. */
export type LocalDate = string;

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Reads 'YYYY-MM-DD' and checks it is a real calendar date (2026-02-30 is refused). */
export function parseLocalDate(text: string): { year: number; month: number; day: number } {
  const match = DATE_TEXT.exec(text);
  if (match) {
    const [year, month, day] = [match[1], match[2], match[3]].map((part) => Number.parseInt(part ?? '', 10));
    const check = new Date(Date.UTC(year as number, (month as number) - 1, day as number));
    if (check.getUTCMonth() + 1 === month && check.getUTCDate() === day)
      return { year: year as number, month: month as number, day: day as number };
  }
  throw new RangeError(`Not a date (YYYY-MM-DD): ${text}`);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const fromUtcDate = (date: Date): LocalDate =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The date `days` after a local date (negative goes back); plain calendar arithmetic. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const { year, month, day } = parseLocalDate(date);
  return fromUtcDate(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The first day of the month after the one `date` is in. */
export function firstOfNextMonth(date: LocalDate): LocalDate {
  const { year, month } = parseLocalDate(date);
  return fromUtcDate(new Date(Date.UTC(year, month, 1)));
}

/** The local date of an instant, asked of `Intl` every time. */
function formatLocalDate(instant: number, timeZone: string): LocalDate {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** Per zone, the last local day asked for and where it begins and ends (most instants fall in it). */
const currentDays = new Map<string, { start: number; end: number; date: LocalDate }>();

/** The local date of an instant in a time zone. */
export function localDate(instant: Date, timeZone: string): LocalDate {
  const time = instant.getTime();
  const known = currentDays.get(timeZone);
  if (known && time >= known.start && time < known.end) return known.date;
  const date = formatLocalDate(time, timeZone);
  if (currentDays.size >= DAY_STARTS_KEPT) currentDays.clear();
  currentDays.set(timeZone, {
    start: startOfLocalDay(date, timeZone).getTime(),
    end: startOfLocalDay(addDays(date, 1), timeZone).getTime(),
    date,
  });
  return date;
}

const HOUR_MS = 3_600_000;

/**
 * The instant a local date begins in a time zone: the first millisecond whose local date is that
 * date (where a daylight-saving change skips midnight, the day begins when the clock resumes).
 * Found by bisection between bounds every zone's offset (−12 h … +14 h) lies within.
 */
export function startOfLocalDay(date: LocalDate, timeZone: string): Date {
  const key = `${timeZone} ${date}`;
  let start = dayStarts.get(key);
  if (start === undefined) {
    start = findStartOfLocalDay(date, timeZone);
    if (dayStarts.size >= DAY_STARTS_KEPT) dayStarts.clear();
    dayStarts.set(key, start);
  }
  return new Date(start);
}

function findStartOfLocalDay(date: LocalDate, timeZone: string): number {
  const { year, month, day } = parseLocalDate(date);
  const utcMidnight = Date.UTC(year, month - 1, day);
  let before = utcMidnight - 15 * HOUR_MS; // local date is still the day before, in every zone
  let atOrAfter = utcMidnight + 13 * HOUR_MS; // local date has reached `date`, in every zone
  while (atOrAfter - before > 1) {
    const middle = before + Math.floor((atOrAfter - before) / 2);
    if (formatLocalDate(middle, timeZone) >= date) atOrAfter = middle;
    else before = middle;
  }
  return atOrAfter;
}

/** 'YYYY-MM-DD HH:MM:SS' of an instant in a zone: text that sorts as local time does. */
function formatLocalDateTime(instant: number, timeZone: string): string {
  let formatter = clockFormatters.get(timeZone);
  if (!formatter) {
    formatterFor(timeZone); // refuses an unknown zone with its clear error
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    clockFormatters.set(timeZone, formatter);
  }
  const parts = formatter.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/**
 * The instant a local wall-clock time of a date is first reached in a zone, `minutes` after
 * midnight (0-1440; 1440 is the next day's start). Where a daylight-saving change skips that time
 * (02:30 on a spring-forward day in Chicago) it is the moment the clock resumes (03:00); where the
 * time happens twice (01:30 on a fall-back day) it is the first. Found by bisection, as the day's
 * start is.
 */
export function instantAtLocalTime(date: LocalDate, minutes: number, timeZone: string): Date {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > 1_440)
    throw new RangeError(`Not a time of day in minutes (0-1440): ${minutes}`);
  if (minutes === 0) return startOfLocalDay(date, timeZone);
  if (minutes === 1_440) return startOfLocalDay(addDays(date, 1), timeZone);
  const clock = `${date} ${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
  let before = startOfLocalDay(date, timeZone).getTime(); // local time is still before `clock`
  // A day that begins late (a skipped midnight) may begin past `clock`: then it is reached at once.
  if (formatLocalDateTime(before, timeZone) >= clock) return new Date(before);
  let atOrAfter = startOfLocalDay(addDays(date, 1), timeZone).getTime(); // local time has passed it
  while (atOrAfter - before > 1) {
    const middle = before + Math.floor((atOrAfter - before) / 2);
    // Seconds resolution: the whole second that reads `clock` counts as reaching it.
    if (formatLocalDateTime(middle, timeZone) >= clock) atOrAfter = middle;
    else before = middle;
  }
  return new Date(atOrAfter);
}
