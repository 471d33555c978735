/**
 * `table[key]` when the table itself has it: a key read from data (a CRM field, a recorded code) named
 * 'constructor' or 'toString' finds nothing of Object's.
 */
export const ownEntry = <V>(table: Readonly<Partial<Record<string, V>>>, key: string): V | undefined =>
  Object.hasOwn(table, key) ? table[key] : undefined;
