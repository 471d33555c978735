import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Day = ColumnType<string, string, string>;

export interface RestoreTypesTable {
  id: number;
  /** REPORT (1) or FORCED (2). */
  type: string;
}

export interface RestoreStatusesTable {
  id: number;
  /** PENDING (1), APPROVED (2) or REJECTED (3). */
  status: string;
}

interface RestoreRequestColumns {
  id: Generated<number>;
  /** The agent selected in the search bar when the request was made. */
  sf_user_id: string | null;
  date_from: Day;
  date_to: Day;
  restore_type_id: number;
  status_id: number;
  user_creator_id: number;
  user_reviewer_id: number | null;
  /** Top-level snapshot fields that differed from the record's latest revision at creation. */
  differences: ColumnType<string[], string[] | string, string[] | string>;
  created_at: CreatedAt;
  approved_at: NullableTimestamp;
  /** The revision stored from the CRM read-back after the restore was applied. */
  applied_revision_id: number | null;
  /** Set while one reviewer applies the request to the CRM (migration 0002): nobody else may meanwhile. */
  applying_token: ColumnType<string | null, string | null | undefined, string | null>;
  applying_since: NullableTimestamp;
  /** For a record deleted in the CRM: `undeleted` or `recreated` once applied (migration 0003). */
  outcome: ColumnType<string | null, string | null | undefined, string | null>;
  /** The id of the record a `recreated` restore created. */
  new_record_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Set while the CRM's answer to the restore's write is unknown (migration 0007): no review until settled. */
  outcome_unknown_since: NullableTimestamp;
  /** The write sent then: `{recordId, fields}`, what a read of the record is checked against. */
  outcome_unknown_write: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
  /** The snapshot fields the restore writes (migration 0009); null: every field that differs. */
  fields: ColumnType<string[] | null, string | null | undefined, string | null>;
}

export interface RestoreAccountRequestsTable extends RestoreRequestColumns {
  revision_account_id: number;
  account_id: string;
}

export interface RestoreCaseRequestsTable extends RestoreRequestColumns {
  revision_case_id: number;
  case_id: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  actor_user_id: number | null;
  actor_username: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  details: ColumnType<
    Record<string, unknown> | null,
    Record<string, unknown> | string | null | undefined,
    never
  >;
}

export type RestoreAccountRequestRow = Selectable<RestoreAccountRequestsTable>;
export type RestoreCaseRequestRow = Selectable<RestoreCaseRequestsTable>;
