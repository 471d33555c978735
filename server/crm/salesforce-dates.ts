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
