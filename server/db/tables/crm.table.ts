import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** A CRM snapshot exactly as the CRM returned it. */
export type Snapshot = Record<string, unknown>;
type Json = ColumnType<Snapshot, Snapshot | string, never>;

/** CRM users: the agents whose records are searched. */
export interface SfUsersTable {
  id: string;
  username: string;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  active: Generated<boolean>;
  updated_at: Timestamp;
}

/** The name of a CRM user who is not an agent, as the CRM's User object gave it and when (migration 0019). */
export interface CrmUserNamesTable {
  id: string;
  name: string;
  read_at: ColumnType<Date, Date, Date>;
}

/** A field kept beyond the screens' own, as the org's describe shows it (migration 0021). */
export interface CrmFieldsTable {
  kind: string;
  name: string;
  label: string;
  type: string;
  calculated: boolean;
  writable: boolean;
  position: number;
  updated_at: Timestamp;
}

/** A record's row: its newest revision and its life in the CRM, kept for search and filtering. */
interface RecordColumns {
  id: string;
  owner_id: string | null;
  created_date: NullableTimestamp;
  latest_revision_id: number | null;
  /** The saved_at of that revision (revisions are partitioned by it). */
  latest_saved_at: Date | null;
  /**
   * No revision of the record is older than this; null: not known (migration 0014). Lowered as older ones are
   * stored, never raised, so a pruned history leaves it early, which only costs a longer probe.
   */
  first_saved_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** That revision is a deletion (migration 0013)… */
  latest_deleted: ColumnType<boolean, boolean | undefined, boolean>;
  /** …and, for a merge, the record this one was merged into. */
  latest_merged_into: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * When the CRM made the contact a business account: set by a `convert` revision, kept by a later deletion, null
   * again once the record is a contact (migration 0017).
   */
  converted_at: NullableTimestamp;
  /** The record Storico created in place of this purged one, and on that one the id it replaces (migration 0003). */
  recreated_as: ColumnType<string | null, string | null | undefined, string | null>;
  recreated_from: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while a restore re-creates this record: no other restore may meanwhile. */
  recreating_since: NullableTimestamp;
  updated_at: Timestamp;
}

/** The current state of each person Account, kept from its latest revision for search and filtering. */
export interface SfAccountsTable extends RecordColumns {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface SfCasesTable extends RecordColumns {
  account_id: string | null;
  case_number: string | null;
  /** What search shows and filters: the product feedback description, else the description. */
  description: string | null;
  reason: string | null;
}

/** Immutable: a revision is never updated or deleted. */
interface RevisionColumns {
  id: Generated<number>;
  saved_at: ColumnType<Date, Date | string, never>;
  json: Json;
  hash: ColumnType<string, string, never>;
  source: ColumnType<string, string, never>;
  /** `OwnerId` of the snapshot: the agent the revision belongs to (docs/product.md#agents-and-revisions). */
  owner_id: ColumnType<string | null, string | null | undefined, never>;
  created_at: CreatedAt;
}

export interface RevisionAccountsTable extends RevisionColumns {
  account_id: ColumnType<string, string, never>;
}

export interface RevisionCasesTable extends RevisionColumns {
  case_id: ColumnType<string, string, never>;
}

export interface SyncStateTable {
  /** The CRM object synced: User, Account or Case. */
  object: string;
  watermark: NullableTimestamp;
  last_run_at: NullableTimestamp;
  last_error: string | null;
  updated_at: Timestamp;
  /** On the `SyncLoop` row: the instance that started the last run (`last_run_at`). */
  instance: Generated<string | null>;
}

export type RevisionAccountRow = Selectable<RevisionAccountsTable>;
export type RevisionCaseRow = Selectable<RevisionCasesTable>;
export type NewRevisionAccount = Insertable<RevisionAccountsTable>;
export type NewRevisionCase = Insertable<RevisionCasesTable>;

/** A revision of a case's e-mail or comment (migration 0023); immutable like the others. */
export interface RevisionRelatedTable {
  id: Generated<number>;
  object: ColumnType<'EmailMessage' | 'CaseComment', 'EmailMessage' | 'CaseComment', never>;
  record_id: ColumnType<string, string, never>;
  /** ParentId: the case. */
  case_id: ColumnType<string, string, never>;
  saved_at: ColumnType<Date, Date | string, never>;
  /** Stored for a deletion in the CRM: the last state the recycle bin kept, dated by the deletion. */
  deleted: ColumnType<boolean, boolean, never>;
  json: Json;
  hash: ColumnType<string, string, never>;
  source: ColumnType<string, string, never>;
  created_at: CreatedAt;
}
