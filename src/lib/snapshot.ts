/** A revision's snapshot: the CRM record as stored, field name -> value. */
export type Snapshot = Record<string, unknown>;

/** The snapshot a revision's `json` holds, or null when it is not a JSON object ('Formato JSON non valido'). */
export function parseSnapshot(json: string): Snapshot | null {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Snapshot) : null;
  } catch {
    return null;
  }
}

/** A snapshot value as text; '' for nothing. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
