/** Salesforce writes date-times as `2024-03-05T10:20:30.000+0000` (always UTC in the REST API). */
export function toSfDateTime(time: number | Date): string {
  return new Date(time).toISOString().replace('Z', '+0000');
}

/** Milliseconds since the epoch, or undefined when the value is not a date-time. */
export function parseSfDateTime(value: unknown): number | undefined {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A SOQL date-time literal; SOQL takes whole seconds, so the time is floored (callers compare with >=). */
export function soqlDateTime(time: Date): string {
  return new Date(Math.floor(time.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/**
 * A date-time as sObject Get Deleted and Get Updated take it, "YYYY-MM-DDThh:mm:ss+hh:mm" in UTC
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getdeleted.htm), to the second
 * (callers round it their way).
 */
export function replicationDateTime(time: Date): string {
  return `${time.toISOString().slice(0, 19)}+00:00`;
}
