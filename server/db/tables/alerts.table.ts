import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A field and how many of the window's revisions changed it. */
export type FieldCount = { field: string; count: number };

/** A mass change by one agent on one object (migration 0006): one row per burst, extended while it goes on. */
export interface AlertsTable {
  id: Generated<number>;
  /** The CRM user who made the changes (`LastModifiedById`). */
  sf_user_id: string;
  object: 'Account' | 'Case';
  window_start: Timestamp;
  window_end: Timestamp;
  /** Distinct records changed (not deleted) and deleted within the window. */
  changed: number;
  deleted: number;
  top_fields: ColumnType<FieldCount[], string, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
  acknowledged_by: number | null;
  acknowledged_at: NullableTimestamp;
  /** A mass change, or a forced restore by a user someone gave access to within the cooldown (migration 0022). */
  kind: ColumnType<AlertKind, AlertKind | undefined, never>;
  /** A forced restore's request (`restore-case-request:7`), who forced it, who gave them access, how and when. */
  restore_request: ColumnType<string | null, string | null | undefined, never>;
  restored_by: ColumnType<number | null, number | null | undefined, never>;
  granted_by: ColumnType<number | null, number | null | undefined, never>;
  grant_kind: ColumnType<ForcedRestoreGrant | null, ForcedRestoreGrant | null | undefined, never>;
  granted_at: ColumnType<Date | null, Date | null | undefined, never>;
}

export type AlertKind = 'mass-change' | 'forced-restore';
/** How the forced restore's user was given their access: created or enrolled (a password set does not count). */
export type ForcedRestoreGrant = 'created' | 'enrolled';

export type AlertRow = Selectable<AlertsTable>;
