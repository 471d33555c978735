import { sql, type RawBuilder } from 'kysely';
import type { DayRange } from '../revisions/rome-days';
import { recordKinds, type RecordKind } from './record-kinds';

/**
 * "In effect at day D" = the latest revision saved before D ends; at dateFrom, when the record had none yet, its
 * first revision inside the range. Each lookup is one probe of the (record, saved_at desc, id desc) index. `recordId`
 * is the SQL of the record id, so a search can ask for its page's rows in its own statement.
 */
export function inEffectColumns(kind: RecordKind, recordId: RawBuilder<string>, range: DayRange) {
  const revisions = sql.table(recordKinds[kind].revisions);
  const key = sql.ref(`r.${recordKinds[kind].key}`);
  return sql`coalesce(
      (select r.id from ${revisions} r where ${key} = ${recordId} and r.saved_at < ${range.startDayEnd}
        order by r.saved_at desc, r.id desc limit 1),
      (select r.id from ${revisions} r where ${key} = ${recordId} and r.saved_at >= ${range.start}
        and r.saved_at < ${range.end} order by r.saved_at, r.id limit 1)
    ) as earlier_id,
    (select r.id from ${revisions} r where ${key} = ${recordId} and r.saved_at < ${range.end}
      order by r.saved_at desc, r.id desc limit 1) as later_id`;
}
