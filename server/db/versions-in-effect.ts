import { sql, type RawBuilder } from 'kysely';
import type { DayRange } from './rome-days';
import type { FieldPlaceholders } from './compiled-statements';
import { recordKinds, type RecordKind } from './record-kinds';

/**
 * What a "latest before" probe of the record row `row` may skip: revisions older than its oldest one (its time is
 * on the row, migration 0014; null when not known). The probe then reads the quarters from that one's on, not every
 * quarter: one, for a record whose history starts in the date's quarter (a search's first page, newest records
 * first, is mostly such records, and found nothing in all the others).
 */
const sinceFirst = (row: RawBuilder<unknown>) =>
  sql`r.saved_at >= coalesce(${row}.first_saved_at, '-infinity'::timestamptz)`;

/**
 * "In effect at day D" = the latest revision saved before D ends; at dateFrom, when the record had none yet, its
 * first revision inside the range. Each lookup is one probe of the (record, saved_at desc, id desc) index. `row` is
 * the alias of the record's row (sf_accounts / sf_cases), so a search can ask for its page's rows in its own
 * statement. Only for records with a revision in the range (a search's hits): the one in effect at dateTo is then
 * the latest inside the range, and its probe reads only the range's quarters.
 */
export function inEffectColumns(
  kind: RecordKind,
  row: RawBuilder<unknown>,
  range: FieldPlaceholders<DayRange>,
) {
  const revisions = sql.table(recordKinds[kind].revisions);
  const key = sql.ref(`r.${recordKinds[kind].key}`);
  return sql`coalesce(
      (select r.id from ${revisions} r where ${key} = ${row}.id and r.saved_at < ${range.startDayEnd}
        and ${sinceFirst(row)} order by r.saved_at desc, r.id desc limit 1),
      (select r.id from ${revisions} r where ${key} = ${row}.id and r.saved_at >= ${range.start}
        and r.saved_at < ${range.end} order by r.saved_at, r.id limit 1)
    ) as earlier_id,
    (select r.id from ${revisions} r where ${key} = ${row}.id and r.saved_at >= ${range.start}
      and r.saved_at < ${range.end} order by r.saved_at desc, r.id desc limit 1) as later_id`;
}

/** The columns of a revision `inEffectRevisions` reads, prefixed by the end they stand for. */
const REVISION_COLUMNS = ['id', 'saved_at', 'source', 'json'] as const;

/**
 * The same two versions as whole revisions, for the record row `row`: three lateral probes of the (record, saved_at
 * desc, id desc) index, `b` (latest before dateFrom ends), `f` (first in the range, read only when there is no `b`)
 * and `l` (latest after dateFrom ends and before dateTo ends), each reading the revision it finds and nothing else.
 * The version in effect at dateTo is `l`, else `b`: `l` reads only the quarters of the range, where a probe for the
 * latest before dateTo would read every quarter from the record's first revision on.
 */
export function inEffectRevisions(
  kind: RecordKind,
  row: RawBuilder<unknown>,
  range: FieldPlaceholders<DayRange>,
) {
  const revisions = sql.table(recordKinds[kind].revisions);
  const key = sql.ref(`r.${recordKinds[kind].key}`);
  const probe = (where: RawBuilder<unknown>, order: RawBuilder<unknown>) =>
    sql`(select ${sql.join(REVISION_COLUMNS.map((c) => sql.ref(`r.${c}`)))} from ${revisions} r
      where ${key} = ${row}.id and ${where} order by ${order} limit 1)`;
  const latest = sql`r.saved_at desc, r.id desc`;
  return {
    joins: sql`left join lateral ${probe(sql`r.saved_at < ${range.startDayEnd} and ${sinceFirst(row)}`, latest)} b on true
      left join lateral ${probe(sql`r.saved_at >= ${range.start} and r.saved_at < ${range.end}`, sql`r.saved_at, r.id`)} f
        on b.id is null
      left join lateral ${probe(sql`r.saved_at >= ${range.startDayEnd} and r.saved_at < ${range.end}`, latest)} l on true`,
    columns: sql.join(
      (['b', 'f', 'l'] as const).flatMap((end) =>
        REVISION_COLUMNS.map((c) => sql`${sql.ref(`${end}.${c}`)} as ${sql.ref(`${end}_${c}`)}`),
      ),
    ),
  };
}

/** A revision as `inEffectRevisions` names its columns, under one of its prefixes. */
export type InEffectRevisionColumns<P extends string> = {
  [C in (typeof REVISION_COLUMNS)[number] as `${P}_${C}`]: C extends 'id'
    ? number | null
    : C extends 'saved_at'
      ? Date | string | null
      : C extends 'source'
        ? string | null
        : unknown;
};
