import type { ChangedPage, SyncedObject } from '../crm-connector';
import type { SalesforceConnection } from './connection';
import { selectList, type FieldPlan } from './field-plan';
import { quotedLists } from './ids';
import { query } from './query-pages';

/**
 * The most bytes a query's SOQL may take once URL-encoded. A query travels in its URL, and "the maximum length for
 * the combined URI and headers is 16,384 bytes" (https://help.salesforce.com/s/articleView?id=000386264&type=1);
 * the rest is left to the path, the session's token and the other headers. SOQL itself takes 100,000 characters
 * (SOQL and SOSL Limits:
 * https://developer.salesforce.com/docs/atlas.en-us.salesforce_app_limits_cheatsheet.meta/salesforce_app_limits_cheatsheet/salesforce_app_limits_platform_soslsoql.htm),
 * so the URL is what binds.
 */
export const MAX_ENCODED_SOQL = 12_000;

/** A read of records with every field of a plan. */
export type PlannedQuery = {
  object: SyncedObject;
  plan: FieldPlan;
  /** Fields asked beside the plan's, never in a snapshot on their own (IsDeleted, MasterRecordId). */
  extra?: readonly string[];
  where: readonly string[];
  orderBy?: string;
  resource?: 'query' | 'queryAll';
  context: string;
  timeoutMs?: number;
};

type Row = Record<string, unknown> & { Id: string };

/**
 * The bytes a SOQL text takes in a query's URL: encodeURIComponent leaves an apostrophe as it is, which the URL
 * parser then encodes as %27 (WHATWG URL Standard, special-query percent-encode set).
 */
const encodedLength = (text: string) => encodeURIComponent(text).replace(/'/g, '%27').length;

const soqlOf = (
  select: readonly string[],
  object: SyncedObject,
  where: readonly string[],
  orderBy?: string,
) =>
  `SELECT ${select.join(', ')} FROM ${object}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}${orderBy ? ` ORDER BY ${orderBy}` : ''}`;

/** The fields every group of a split read repeats: the record, and its save time to see that no group is newer. */
const KEY_FIELDS = ['Id', 'SystemModstamp'];

/**
 * The plan's fields in groups that each fit in one query by Ids: 200 quoted Ids (ids.ts) take about 6,000 encoded
 * bytes, the rest is the group's select list. Each group repeats Id and SystemModstamp.
 */
export function selectGroups(
  fields: readonly string[],
  object: SyncedObject,
  budget = MAX_ENCODED_SOQL,
): string[][] {
  const idList = Array.from({ length: 200 }, () => `'${'0'.repeat(18)}'`).join(', ');
  const room = budget - encodedLength(soqlOf(KEY_FIELDS, object, [`Id IN (${idList})`]));
  const groups: string[][] = [];
  let group: string[] = [];
  let used = 0;
  for (const field of fields) {
    if (KEY_FIELDS.includes(field)) continue;
    const cost = encodedLength(`, ${field}`);
    if (group.length > 0 && used + cost > room) {
      groups.push(group);
      group = [];
      used = 0;
    }
    group.push(field);
    used += cost;
  }
  if (group.length > 0 || groups.length === 0) groups.push(group);
  return groups.map((g) => [...KEY_FIELDS, ...g]);
}

/**
 * The pages of a query for records with every field of the plan. When the whole select list fits in one query's URL
 * it is one query, as any; otherwise the query asks only for the records' Ids (and `extra`), and each page's records
 * are read by Id in groups of fields (selectGroups) and joined. A record saved again between two of its groups is read
 * once more, so that no snapshot mixes two saves; one that keeps changing is left to the next read of changes, whose
 * SystemModstamp finds it again. Pages may hold fewer records than asked: Salesforce sends at most 200 when two
 * or more long text areas are selected
 * (https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_changing_batch_size.htm),
 * and nothing here counts on a page's size.
 */
export async function* plannedQuery(
  connection: SalesforceConnection,
  q: PlannedQuery,
  budget = MAX_ENCODED_SOQL,
): AsyncGenerator<ChangedPage & { records: Row[] }> {
  const planned = selectList(q.plan);
  const named = new Set(planned.map((f) => f.toLowerCase()));
  // A field selected twice is refused (duplicate field selected): `extra` may name one the plan keeps already.
  const extra = (q.extra ?? []).filter((f) => !named.has(f.toLowerCase()));
  const fields = [...planned, ...extra];
  const whole = soqlOf(fields, q.object, q.where, q.orderBy);
  const resource = q.resource ?? 'query';
  if (encodedLength(whole) <= budget) {
    for await (const page of query(connection, whole, q.context, resource, q.timeoutMs))
      yield page as ChangedPage & { records: Row[] };
    return;
  }
  const keys = soqlOf(
    [...KEY_FIELDS, ...extra.filter((f) => !KEY_FIELDS.includes(f))],
    q.object,
    q.where,
    q.orderBy,
  );
  const groups = selectGroups(planned, q.object, budget);
  for await (const page of query(connection, keys, q.context, resource, q.timeoutMs)) {
    const rows = page.records as Row[];
    const read = await readInGroups(connection, q, groups, rows);
    yield { totalSize: page.totalSize, records: rows.flatMap((row) => read.get(row.Id) ?? []) };
  }
}

/** The records of `rows` with the fields of every group, each joined from reads that saw the same save. */
async function readInGroups(
  connection: SalesforceConnection,
  q: PlannedQuery,
  groups: string[][],
  rows: Row[],
): Promise<Map<string, Row>> {
  const joined = new Map<string, Row>();
  let pending = rows;
  for (let attempt = 0; attempt < 3 && pending.length > 0; attempt++) {
    const parts = new Map<string, Row[]>(pending.map((row) => [row.Id, [row]]));
    for (const group of groups) {
      for (const list of quotedLists(pending.map((row) => row.Id))) {
        const soql = soqlOf(group, q.object, [`Id IN (${list.join(', ')})`]);
        for await (const page of query(connection, soql, q.context, q.resource ?? 'query', q.timeoutMs))
          for (const record of page.records as Row[]) parts.get(record.Id)?.push(record);
      }
    }
    const again: Row[] = [];
    for (const row of pending) {
      const [first, ...read] = parts.get(row.Id)!;
      const stamps = new Set(read.map((r) => r.SystemModstamp));
      // Gone between the reads (deleted, or out of a query's scope): nothing to join.
      if (read.length < groups.length) continue;
      if (stamps.size === 1) joined.set(row.Id, Object.assign({}, first, ...read) as Row);
      else again.push(row);
    }
    pending = again;
  }
  return joined;
}
