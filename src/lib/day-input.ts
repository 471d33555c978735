import { it } from '@/i18n/it';

/**
 * Days as the search bar takes them: typed `DD/MM/YYYY` or picked in the calendar, sent as `YYYY-MM-DD`.
 * A "day" is always the `YYYY-MM-DD` string, so no time zone can shift it.
 */

/** The calendar and typed dates take January 2000 to December 2030 (docs/product.md#validation-rules). */
export const FIRST_DAY = '2000-01-01';
export const LAST_DAY = '2030-12-31';

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidDay(value: string): boolean {
  const match = DAY_PATTERN.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export type TypedDay = { ok: true; day: string } | { ok: false; reason: 'empty' | 'format' | 'range' };

/**
 * What the user typed in a date field: `DD/MM/YYYY` (day and month may have one digit; `-` and `.` also
 * separate), a real calendar day from 01/01/2000 to 31/12/2030.
 */
export function parseTypedDay(text: string): TypedDay {
  const trimmed = text.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (!match) return { ok: false, reason: 'format' };
  const day = `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  if (!isValidDay(day)) return { ok: false, reason: 'format' };
  if (day < FIRST_DAY || day > LAST_DAY) return { ok: false, reason: 'range' };
  return { ok: true, day };
}

/** What is wrong with a typed date, in Italian; undefined when it is a day. */
export const typedDayError = (typed: TypedDay): string | undefined =>
  typed.ok ? undefined : typed.reason === 'range' ? it.search.outOfRange : it.search.invalidDate;

/** `2024-03-05` -> `05/03/2024`, the text a date field shows. */
export function dayToText(day: string): string {
  const match = DAY_PATTERN.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}

/** A day as a local-midnight Date, what the calendar works with. */
export function dayToDate(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The calendar's local Date back to a day. */
export function dateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
