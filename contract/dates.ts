import { z } from 'zod';
import { MAX_YEAR, MIN_YEAR } from './bounds';

/** A calendar day `YYYY-MM-DD` (Europe/Rome), as every date query parameter carries it. */
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

/** The schema defaults of SPEC.md section 9. */
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
