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

/**
 * The parts of an address that are shown and compared: street, city, postal code, province and country
 * (docs/product.md#comparison-and-differences: a restore writes the whole address, so every part it changes
 * is shown).
 */
export const ADDRESS_PARTS = ['street', 'city', 'postalCode', 'state', 'country'] as const;

export const asRecord = (value: unknown): Record<string, unknown> | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;

/** Street, city, postal code, province and country joined by commas, empty parts left out. */
export function formatAddress(value: unknown): string {
  const address = asRecord(value);
  if (!address) return '';
  return ADDRESS_PARTS.map((part) => textOf(address[part]).trim())
    .filter(Boolean)
    .join(', ');
}
