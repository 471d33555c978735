import type { ColumnType, Generated } from 'kysely';
import type { RollbackReason } from '../../../contract/rollbacks';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type JsonList = ColumnType<string[], string | undefined, string>;

/** A rollback of one agent's changes to one object within a window (migration 0010). */
export interface RollbackRequestsTable {
  id: Generated<number>;
  sf_user_id: string;
  object: 'Account' | 'Case';
  /** The window as asked: days (`YYYY-MM-DD`) or instants; `window_from`/`window_to` are its instants, included. */
  range_from: string;
  range_to: string;
  window_from: ColumnType<Date, Date, never>;
  window_to: ColumnType<Date, Date, never>;
  /** The snapshot fields rolled back; null = every writable field. */
  fields: ColumnType<string[] | null, string | null, never>;
  alert_id: number | null;
  status: ColumnType<'PENDING' | 'APPROVED' | 'REJECTED', 'PENDING' | undefined, 'APPROVED' | 'REJECTED'>;
  run: ColumnType<
    'waiting' | 'running' | 'stopped' | 'finished',
    undefined,
    'running' | 'stopped' | 'finished'
  >;
  total: number;
  user_creator_id: number;
  user_reviewer_id: number | null;
  stopped_by: number | null;
  created_at: CreatedAt;
  approved_at: NullableTimestamp;
  stopped_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  /** The CRM refuses calls for its API limit: no batch before this time. */
  paused_until: NullableTimestamp;
}

/** One record of a rollback and its outcome. */
export interface RollbackRecordsTable {
  rollback_id: number;
  /** The order records are applied in. */
  position: number;
  record_id: string;
  /** The revision in effect just before the window; null when the record was created in it. */
  target_revision_id: number | null;
  later_changed: ColumnType<boolean, boolean | undefined, never>;
  outcome: ColumnType<
    'restored' | 'skipped' | 'refused' | 'unknown' | null,
    undefined,
    'restored' | 'skipped' | 'refused' | 'unknown'
  >;
  message: ColumnType<string | null, undefined, string | null>;
  /** Why, as a code (migration 0018; null before it). */
  reason: ColumnType<RollbackReason | null, undefined, RollbackReason | null>;
  /** Who changed the record in the CRM after the request, when it was skipped for that (migration 0019). */
  changed_by: ColumnType<string | null, undefined, string | null>;
  written: JsonList;
  returned: ColumnType<'undeleted' | 'recreated' | null, undefined, 'undeleted' | 'recreated' | null>;
  new_record_id: ColumnType<string | null, undefined, string | null>;
  claim_token: ColumnType<string | null, undefined, string | null>;
  claimed_at: NullableTimestamp;
  /** The write sent to the CRM (`SentWrite` and how the record was brought back), kept before it is sent. */
  sent_write: ColumnType<unknown, undefined, string | null>;
  sent_at: NullableTimestamp;
  done_at: NullableTimestamp;
}
