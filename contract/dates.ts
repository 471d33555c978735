import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR } from './bounds';

/**
 * A calendar day `YYYY-MM-DD` (Europe/Rome), as every date query parameter carries it: a real day, in a year from
 * MIN_YEAR to MAX_YEAR. The one definition of a valid day: the date part of a date-time (`parseDateTime`) meets it
 * too.
 */
export const daySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Not a calendar date')
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= MIN_YEAR && year <= MAX_YEAR;
  }, `Expected a year from ${MIN_YEAR} to ${MAX_YEAR}`);
export type Day = z.infer<typeof daySchema>;

/** Whether `value` is a day `daySchema` takes. */
export const isDay = (value: string): boolean => daySchema.safeParse(value).success;

/** `YYYY-MM-DDTHH:mm`, then optionally `:ss` and a fraction, then optionally an offset `Z`, `+hh:mm` or `+hhmm`. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * An ISO 8601 date-time whose date is a day (`daySchema`: a real day, within the years) and whose time and offset are
 * a real clock's: hours 00-23, minutes and seconds 00-59, an offset of at most 23:59 (`Date` would take `T24:00` as
 * the next midnight and roll `02-30` over into March). `day` is its date part, `hasOffset` whether it says its
 * offset (without one it is a wall clock); null for anything else.
 */
export function parseDateTime(value: string): { day: string; hasOffset: boolean } | null {
  const match = DATE_TIME.exec(value);
  if (!match) return null;
  const [, day, hours, minutes, seconds, offset, offsetHours, offsetMinutes] = match;
  const upTo = (max: number, part: string | undefined) => part === undefined || Number(part) <= max;
  const clock = upTo(23, hours) && upTo(59, minutes) && upTo(59, seconds);
  if (!isDay(day!) || !clock || !upTo(23, offsetHours) || !upTo(59, offsetMinutes)) return null;
  return { day: day!, hasOffset: offset !== undefined };
}

/** The schema defaults (docs/product.md#limits-and-constants). */
export const DEFAULT_DATE_FROM = '2000-01-01';
export const DEFAULT_DATE_TO = '2024-12-31';

/** `dateFrom` and `dateTo`, both inclusive; combine with `dateOrder` so `dateFrom` may not come after `dateTo`. */
export const dateRangeFields = {
  dateFrom: daySchema.default(DEFAULT_DATE_FROM),
  dateTo: daySchema.default(DEFAULT_DATE_TO),
};

export const dateOrder: [
  (range: { dateFrom: string; dateTo: string }) => boolean,
  { message: string; path: string[] },
] = [
  (range) => range.dateFrom <= range.dateTo,
  { message: 'dateFrom must not be after dateTo', path: ['dateTo'] },
];
