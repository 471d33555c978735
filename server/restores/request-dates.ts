import { isDay, parseDateTime } from '../../contract/dates';
import { badRequest } from '../http/http-error';
import { romeDayOf } from '../db/rome-days';

/**
 * The search range a request was made from, as a Rome calendar day. The client sends `YYYY-MM-DD` or an ISO
 * date-time (docs/product.md#restore-and-review-payloads); an instant is the day it falls on in Rome, so
 * local midnight sent as UTC (the evening before) is still the day the user picked. A date-time without
 * offset is taken as a wall clock, and its time must still be one (`T99:99` is refused, not dropped).
 */
export function parseRequestDay(value: string, field: string): string {
  if (isDay(value)) return value;
  const dateTime = parseDateTime(value);
  if (dateTime && !dateTime.hasOffset) return dateTime.day;
  if (dateTime) {
    const at = new Date(value);
    // An instant at a bound's edge may fall on a Rome day past it.
    const day = Number.isNaN(at.getTime()) ? '' : romeDayOf(at);
    if (isDay(day)) return day;
  }
  throw badRequest(field, 'Expected a date as YYYY-MM-DD or an ISO date-time');
}
