/**
 * Calendar days are Europe/Rome days (the staff's). A day's bounds are computed with the offset Rome has on that day,
 * so a range that crosses a daylight-saving change still starts and ends at local midnight.
 */
const ROME = 'Europe/Rome';

const offsetFormat = new Intl.DateTimeFormat('en-US', { timeZone: ROME, timeZoneName: 'longOffset' });

/** Rome's offset from UTC at an instant, in ms (`GMT+02:00` -> 7,200,000). */
function romeOffsetMs(at: number): number {
  const name = offsetFormat.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

function wallClockMidnightUtc(day: string): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date);
}

/** Midnights already worked out: every search and comparison asks for three, Intl's time zone lookups are slow. */
const midnights = new Map<string, number>();
const REMEMBERED_DAYS = 4096;

/** The instant of 00:00 in Rome on `day` (`YYYY-MM-DD`). */
export function romeMidnight(day: string): Date {
  let midnight = midnights.get(day);
  if (midnight === undefined) {
    const wall = wallClockMidnightUtc(day);
    // The offset of the guessed instant, not of the wall clock read as UTC: they differ near a change.
    const guess = wall - romeOffsetMs(wall);
    midnight = wall - romeOffsetMs(guess);
    if (midnights.size >= REMEMBERED_DAYS) midnights.clear();
    midnights.set(day, midnight);
  }
  return new Date(midnight);
}

/** The calendar day after `day`. */
export function nextDay(day: string): string {
  return new Date(wallClockMidnightUtc(day) + 86_400_000).toISOString().slice(0, 10);
}

/** The instants of a range of whole days `[dateFrom 00:00, dateTo 24:00)` in Rome. */
export type DayRange = {
  /** dateFrom 00:00. */
  start: Date;
  /** dateFrom 24:00: what was saved before it is in effect at dateFrom. */
  startDayEnd: Date;
  /** dateTo 24:00, excluded. */
  end: Date;
};

export function romeDayRange(dateFrom: string, dateTo: string): DayRange {
  return {
    start: romeMidnight(dateFrom),
    startDayEnd: romeMidnight(nextDay(dateFrom)),
    end: romeMidnight(nextDay(dateTo)),
  };
}

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: ROME,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Rome calendar day (`YYYY-MM-DD`) an instant falls on: midnight in Rome sent as UTC is still that day. */
export const romeDayOf = (at: Date): string => dayFormat.format(at);
