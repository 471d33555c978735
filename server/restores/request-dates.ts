import { daySchema } from '../../contract/dates';
import { badRequest } from '../http/http-error';
import { romeDayOf } from '../revisions/rome-days';

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The search range a request was made from, as a Rome calendar day. The client sends `YYYY-MM-DD` or an ISO
 * date-time (SPEC.md section 9); an instant is the day it falls on in Rome, so local midnight sent as UTC
 * (the evening before) is still the day the user picked. A date-time without offset is taken as a wall clock.
 */
export function parseRequestDay(value: string, field: string): string {
  const match = ISO_DATE_TIME.exec(value);
  const day = match ? match[1]! : value;
  if (daySchema.safeParse(day).success) {
    if (!match?.[2]) return day;
    const at = new Date(value);
    if (!Number.isNaN(at.getTime())) return romeDayOf(at);
  }
  throw badRequest(field, 'Expected a date as YYYY-MM-DD or an ISO date-time');
}
