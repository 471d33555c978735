import { sql, type Kysely } from 'kysely';
import { recordKinds, type RecordKind } from '../record-kinds';
import { addQuarterPartition, defaultPartition, OLDEST_YEARS, quartersBetween } from '../partitions';

/**
 * Revisions become range-partitioned by `saved_at`, a partition a quarter (decision record 024). The table is
 * converted in place: renamed, its rows copied into the partitioned table under the same ids, then dropped.
 *
 * PostgreSQL requires every unique key of a partitioned table to include the partition column, so the primary key
 * becomes (id, saved_at) and the restore requests' foreign keys to revisions (which name an id only) go: a request
 * is only ever created for a revision the service has just read, and the one thing that deletes revisions,
 * `RETENTION_MONTHS`, keeps every revision a request or a rollback refers to
 * (https://www.postgresql.org/docs/current/ddl-partitioning.html, 5.12.2.3 Limitations).
 * Identity columns on partitioned tables need PostgreSQL 17, so the id takes its values from a sequence.
 *
 * sf_accounts / sf_cases keep the time of their newest revision beside its id, so the search's look at each
 * row's newest revision reads one partition (run-time pruning), not a probe of every quarter.
 */

const INDEXES = ['by_owner', 'by_time', 'created', 'deletions', 'modifier'];

function indexes(table: string, key: string) {
  return [
    `create index ${table}_by_time on ${table} (${key}, saved_at desc, id desc)`,
    `create index ${table}_by_owner on ${table} (owner_id, saved_at, ${key})`,
    `create index ${table}_deletions on ${table} (${key}, saved_at) where source = 'delete'`,
    `create index ${table}_created on ${table} (created_at)`,
    `create index ${table}_modifier on ${table} ((json->>'LastModifiedById'), saved_at)`,
  ];
}

/** The revisions table, partitioned or plain: they differ in how the id is made and in the primary key. */
function createTable(kind: RecordKind, id: string, primaryKey = '', partitioning = '') {
  const { revisions: table, key, records } = recordKinds[kind];
  return `create table ${table} (
     ${id},
     ${key} text not null constraint ${table}_${key}_fkey references ${records}(id),
     saved_at timestamptz not null,
     json jsonb not null,
     hash text not null,
     source text not null,
     created_at timestamptz not null default now(),
     owner_id text,
     ${primaryKey}
     constraint ${table}_identity unique (${key}, saved_at, hash)
   ) ${partitioning}`;
}

const columns = (key: string) => `id, ${key}, saved_at, json, hash, source, created_at, owner_id`;

async function run(db: Kysely<unknown>, statements: string[]) {
  for (const statement of statements) await sql.raw(statement).execute(db);
}

/** Renames the table away, with its sequence, keys and indexes, so the new one can take their names. */
async function setAside(db: Kysely<unknown>, kind: RecordKind, old: string) {
  const { revisions: table, requests, revisionColumn } = recordKinds[kind];
  await run(db, [
    `alter table ${requests} drop constraint if exists ${requests}_${revisionColumn}_fkey`,
    `alter table ${requests} drop constraint if exists ${requests}_applied_revision_id_fkey`,
    `alter table ${table} rename to ${old}`,
    `alter table ${old} drop constraint ${table}_pkey`,
    `alter table ${old} drop constraint ${table}_identity`,
    ...INDEXES.map((name) => `drop index if exists ${table}_${name}`),
  ]);
}

/** The highest id and the oldest time of the rows set aside. */
async function extent(db: Kysely<unknown>, old: string) {
  const { rows } = await sql<{ max_id: number | null; oldest: Date | null }>`
    select max(id) as max_id, min(saved_at) as oldest from ${sql.table(old)}`.execute(db);
  return rows[0]!;
}

async function toPartitioned(db: Kysely<unknown>, kind: RecordKind) {
  const { revisions: table, key, records } = recordKinds[kind];
  const old = `${table}_unpartitioned`;
  await setAside(db, kind, old);
  const { max_id: maxId, oldest } = await extent(db, old);
  await run(db, [
    `alter table ${records} add column latest_saved_at timestamptz`,
    `update ${records} s set latest_saved_at = r.saved_at from ${old} r where r.id = s.latest_revision_id`,
    `alter table ${old} alter column id drop identity`,
    `create sequence ${table}_id_seq as integer`,
    createTable(
      kind,
      `id integer not null default nextval('${table}_id_seq')`,
      `constraint ${table}_pkey primary key (id, saved_at),`,
      'partition by range (saved_at)',
    ),
    `alter sequence ${table}_id_seq owned by ${table}.id`,
    ...indexes(table, key),
    `create table ${defaultPartition(kind)} partition of ${table} default`,
  ]);
  if (maxId !== null) await sql`select setval(${`${table}_id_seq`}, ${maxId})`.execute(db);
  const now = Date.now();
  const soon = new Date(now);
  soon.setUTCMonth(soon.getUTCMonth() + 3);
  const oldestKept = new Date(now);
  oldestKept.setUTCFullYear(oldestKept.getUTCFullYear() - OLDEST_YEARS);
  const first = oldest ? Math.max(new Date(oldest).getTime(), oldestKept.getTime()) : now;
  for (const quarter of quartersBetween(first, soon.getTime())) await addQuarterPartition(db, kind, quarter);
  await run(db, [
    `insert into ${table} (${columns(key)}) select ${columns(key)} from ${old}`,
    `drop table ${old}`,
    `analyze ${table}`,
  ]);
}

async function toPlain(db: Kysely<unknown>, kind: RecordKind) {
  const { revisions: table, key, records, requests, revisionColumn } = recordKinds[kind];
  const old = `${table}_partitioned`;
  await run(db, [
    `alter table ${table} rename to ${old}`,
    `alter table ${old} drop constraint ${table}_pkey`,
    `alter table ${old} drop constraint ${table}_identity`,
    ...INDEXES.map((name) => `drop index if exists ${table}_${name}`),
    createTable(kind, 'id integer generated by default as identity primary key'),
    `insert into ${table} (${columns(key)}) select ${columns(key)} from ${old}`,
    `select setval(pg_get_serial_sequence('${table}', 'id'), coalesce((select max(id) from ${table}), 0) + 1, false)`,
    `drop table ${old} cascade`,
    `alter table ${records} drop column latest_saved_at`,
    ...indexes(table, key),
    `alter table ${requests} add constraint ${requests}_${revisionColumn}_fkey
       foreign key (${revisionColumn}) references ${table}(id)`,
    `alter table ${requests} add constraint ${requests}_applied_revision_id_fkey
       foreign key (applied_revision_id) references ${table}(id)`,
  ]);
}

export const revisionPartitions = {
  async up(db: Kysely<unknown>): Promise<void> {
    for (const kind of ['account', 'case'] as const) await toPartitioned(db, kind);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const kind of ['account', 'case'] as const) await toPlain(db, kind);
  },
};
