import { sql } from 'kysely';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { conflict } from '../http/http-error';

/**
 * Retention and the requests that name revisions (restores, rollbacks) take turns on one advisory lock: a prune
 * batch holds it alone, a request's insert shares it. A prune batch's delete then starts after every request being
 * inserted has committed, and sees it; a request inserted after a batch finds the revisions it names, or learns that
 * they were pruned, instead of naming a revision that is gone. Without it, a request made in the moment of a prune,
 * in another transaction, was not yet visible to the delete. PGlite serves one transaction at a time anyway.
 */
const LOCK = sql`hashtext('storico:revisions-named')`;

/** In a prune batch's transaction, before its delete: waits for the requests being inserted. */
export async function holdForPruning(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${LOCK})`.execute(trx);
}

/**
 * In a request's insert transaction, before the insert: waits for a prune batch under way, then checks that every
 * revision named is still stored (409 otherwise: the request would name nothing).
 */
export async function holdNamedRevisions(trx: Db, kind: RecordKind, ids: readonly number[]): Promise<void> {
  await sql`select pg_advisory_xact_lock_shared(${LOCK})`.execute(trx);
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from ${sql.table(recordKinds[kind].revisions)}
    where id = any(cast(${wanted} as integer[]))`.execute(trx);
  if ((rows[0]?.n ?? 0) < wanted.length)
    throw conflict('A revision this request names was pruned by retention meanwhile: search again');
}
