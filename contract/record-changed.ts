/**
 * The message of a write refused because the record was changed in the CRM after the version Storico compared it
 * with (RECORD_CHANGED_SINCE): the server writes it, the client reads who changed it and when back out of it.
 */
export type RecordChange = {
  /** The CRM user's name as the screens show it, or their CRM id when no name is known. */
  by: string;
  /** The change's time (LastModifiedDate), ISO 8601. */
  at: string;
};

const PATTERN = /^Changed in the CRM by (.+) at (\d{4}-\d{2}-\d{2}T[0-9:.]+Z) after the version compared/;

export const recordChangedMessage = (change: RecordChange): string =>
  `Changed in the CRM by ${change.by} at ${change.at} after the version compared with the restore: nothing was written`;

/** Who changed the record and when, from a RECORD_CHANGED_SINCE message; undefined for any other text. */
export function recordChangeOf(message: string): RecordChange | undefined {
  const match = PATTERN.exec(message);
  return match ? { by: match[1]!, at: match[2]! } : undefined;
}
