/**
 * What the sandbox writes and reads on the wire, in Salesforce's own shapes: a record as the REST API answers it, and
 * the error body every refusal carries
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/errorcodes.htm).
 */

/** A record by field name as the org names its fields; every record has an Id. */
export type SfRecord = Record<string, unknown> & { Id: string };

/** One element of a REST error array. */
export type SfErrorDetail = { message: string; errorCode: string; fields?: string[] };

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
