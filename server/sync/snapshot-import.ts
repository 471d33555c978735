import { createReadStream, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import type pg from 'pg';
import { z } from 'zod';
import { RELATED_OBJECTS } from '../../contract/case-related';
import { toCrmAgent, type CrmObject, type CrmRecord, type SyncedObject } from '../crm/crm-connector';
import { heldCases, storeRelated } from '../store/related-store';
import { parseSfDateTime } from '../crm/salesforce-dates';
import type { Db } from '../db/database';
import { kindOfObject } from '../db/record-kinds';
import { RevisionCopier } from '../store/revision-copy';
import { ensurePartitions } from '../store/revision-partitions';
import { prepare, storeSnapshots, type Prepared } from '../store/revision-store';
import { upsertCrmUsers } from './crm-users.repository';
import { requestRecheck } from './deletion-sync';

export type ImportLineError = { line: number; message: string };

export type ImportProgress = { bytesRead: number; totalBytes: number; lines: number; stored: number };

export type ImportReport = {
  lines: number;
  /** New revisions. */
  stored: number;
  /** Snapshots equal to a revision already stored. */
  unchanged: number;
  users: number;
  errors: ImportLineError[];
};

/**
 * How the server imports while it answers requests on the embedded database. PGlite is one session, so each of a
 * request's statements waits for the batch being stored: 100 lines a transaction hold it for about 35 ms (1,000
 * for about 200), and a pause after each lets the requests that waited run their next statements before the next
 * batch (`npm run bench -- embedded-stall`: search p99 during an import 505 ms with 1,000 lines and no pause, 102
 * with 100 lines, 47 with 100 lines and a 20 ms pause, at 2,000 revisions/s).
 */
export const EMBEDDED_SERVING = { batchSize: 100, pauseMs: 20 } as const;

export type ImportOptions = {
  /** Lines stored per transaction. */
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  signal?: AbortSignal;
  /**
   * A pause after each stored batch: on the embedded database, one session, the requests that waited for the batch
   * then run their next statements too before the next batch takes the session.
   */
  pauseMs?: number;
  /** PostgreSQL's pool: batches are streamed with COPY (revision-copy.ts) instead of inserted row by row. */
  pool?: pg.Pool | undefined;
};

const KEY_PREFIX = {
  User: '005',
  Account: '001',
  Case: '500',
  EmailMessage: '02s',
  CaseComment: '00a',
} as const;
const TYPES = Object.keys(KEY_PREFIX) as Array<keyof typeof KEY_PREFIX>;
const ID = /^[a-zA-Z0-9]{15}(?:[a-zA-Z0-9]{3})?$/;

const lineSchema = z
  .object({
    type: z.enum(TYPES),
    record: z
      .object({
        Id: z.string().regex(ID, 'must be a 15 or 18 character Salesforce id'),
        SystemModstamp: z
          .string()
          .refine(
            (v) => parseSfDateTime(v) !== undefined,
            'must be a date-time such as 2024-03-05T10:20:30.000+0000',
          ),
      })
      .loose(),
  })
  .refine((l) => l.record.Id.startsWith(KEY_PREFIX[l.type]), {
    message: 'the Id does not belong to an object of this type',
    path: ['record', 'Id'],
  });

type ParsedLine = {
  line: number;
  type: 'User' | SyncedObject;
  record: CrmRecord;
  /** Its SystemModstamp, read once. */
  savedAt: number;
  /** The record's JSON as the line has it, stored as it is. */
  text?: string;
};

type LineContent = { type: ParsedLine['type']; record: CrmRecord };

/**
 * The time of a line `lineSchema` accepts (its record's SystemModstamp), checked without copying the record (an
 * import reads millions of lines); undefined for any other line.
 */
function goodLineTime(json: unknown): number | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const { type, record } = json as { type?: unknown; record?: unknown };
  if (typeof type !== 'string' || !Object.hasOwn(KEY_PREFIX, type)) return undefined;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const { Id, SystemModstamp } = record as { Id?: unknown; SystemModstamp?: unknown };
  const good =
    typeof Id === 'string' && ID.test(Id) && Id.startsWith(KEY_PREFIX[type as keyof typeof KEY_PREFIX]);
  return good ? parseSfDateTime(SystemModstamp) : undefined;
}

/** How a line of a contact or a case starts when written as the format shows it, with no spaces. */
const STARTS = (['Account', 'Case'] as const).map((type) => ({ type, start: `{"type":"${type}","record":` }));

/**
 * A line written as the format shows it: its type and its record's JSON text, which is then parsed alone and
 * stored as it is (an import writes no snapshot out again). Undefined for any other line, or when what lies
 * between is not one JSON value: the whole line is parsed then.
 */
function asWritten(text: string): { type: CrmObject; record: unknown; text: string } | undefined {
  if (!text.endsWith('}')) return undefined;
  for (const { type, start } of STARTS) {
    if (!text.startsWith(start)) continue;
    const inner = text.slice(start.length, -1);
    try {
      return { type, record: JSON.parse(inner), text: inner };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * One NDJSON line `{"type": "Account" | "Case" | "User" | "EmailMessage" | "CaseComment", "record": {...}}`, or a
 * message saying what is wrong.
 */
export function parseImportLine(text: string, line: number): ParsedLine | ImportLineError {
  const written = asWritten(text);
  const writtenAt = written ? goodLineTime(written) : undefined;
  if (written && writtenAt !== undefined) {
    const { type, record } = written as LineContent;
    return { line, type, record, savedAt: writtenAt, text: written.text };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { line, message: `not valid JSON (${(error as Error).message})` };
  }
  const savedAt = goodLineTime(json);
  if (savedAt !== undefined) {
    const { type, record } = json as LineContent;
    return { line, type, record, savedAt };
  }
  // The schema says what is wrong.
  const parsed = lineSchema.safeParse(json);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  return {
    line,
    message: issue ? `${issue.path.join('.') || 'line'}: ${issue.message}` : 'line: not a snapshot line',
  };
}

type StoreObject = (
  db: Db,
  object: CrmObject,
  records: CrmRecord[],
) => Promise<{ stored: number; unchanged: number }>;

/** Through the revision store, row by row. */
const storeObject: StoreObject = async (db, object, records) => {
  let stored = 0;
  for (const r of await storeSnapshots(db, object, records, 'import')) if (r.stored) stored++;
  return { stored, unchanged: records.length - stored };
};

async function storeLines(db: Db, batch: ParsedLine[], store: StoreObject) {
  const users = batch.filter((l) => l.type === 'User');
  await upsertCrmUsers(
    db,
    users.map((l) => toCrmAgent(l.record)),
  );
  let stored = 0;
  let unchanged = 0;
  for (const object of ['Account', 'Case'] as const) {
    const counts = await store(
      db,
      object,
      batch.filter((l) => l.type === object).map((l) => l.record),
    );
    stored += counts.stored;
    unchanged += counts.unchanged;
  }
  // A case's e-mails and comments after the cases, kept when their case is one Storico holds.
  for (const object of RELATED_OBJECTS) {
    const records = batch.filter((l) => l.type === object).map((l) => l.record);
    if (records.length === 0) continue;
    const held = await heldCases(
      db,
      records.map((r) => String(r.ParentId ?? '')),
    );
    const results = await storeRelated(
      db,
      object,
      records.filter((r) => held.has(String(r.ParentId ?? ''))),
      'import',
    );
    const added = results.filter((r) => r.stored).length;
    stored += added;
    unchanged += records.length - added;
  }
  return { users: users.length, stored, unchanged };
}

/** A batch's snapshots, hashed ahead for the copier while the batch before is stored; or why they could not be. */
type HashedBatch = Record<CrmObject, Prepared[]> | Error;

function hashBatch(batch: ParsedLine[]): HashedBatch {
  try {
    const of = (object: CrmObject) =>
      batch.filter((l) => l.type === object).map((l, index) => prepare(l.record, index, l.text, l.savedAt));
    return { Account: of('Account'), Case: of('Case') };
  } catch (error) {
    return error as Error;
  }
}

/**
 * One transaction per batch through the revision store; with PostgreSQL's pool, each object's snapshots are
 * streamed with COPY by the copier instead (revision-copy.ts), a transaction each.
 */
async function storeBatch(db: Db, batch: ParsedLine[], copier?: RevisionCopier, hashed?: HashedBatch) {
  for (const object of ['Account', 'Case'] as const)
    await ensurePartitions(
      db,
      kindOfObject(object),
      batch.filter((l) => l.type === object).map((l) => l.savedAt),
    );
  if (!copier || !hashed) return db.transaction().execute((trx) => storeLines(trx, batch, storeObject));
  if (hashed instanceof Error) throw hashed;
  return storeLines(db, batch, (_db, object) => copier.store(object, hashed[object], 'import'));
}

/**
 * Imports snapshots from an NDJSON file with the sync's dedup rules. A bad line is reported by number and
 * skipped; every batch is one transaction, and a batch the database refuses is retried line by line, so
 * the good lines are stored and nothing is half written. An import that stored anything asks the next sync to
 * check every live record against the CRM (`requestRecheck`).
 */
export async function importSnapshots(
  db: Db,
  file: string,
  options: ImportOptions = {},
): Promise<ImportReport> {
  const totalBytes = statSync(file).size;
  const copier = options.pool ? await RevisionCopier.open(options.pool) : undefined;
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Infinity });
  const report: ImportReport = { lines: 0, stored: 0, unchanged: 0, users: 0, errors: [] };
  const batchSize = options.batchSize ?? (options.pool ? 5000 : 1000);
  let batch: ParsedLine[] = [];

  const add = (counts: { users: number; stored: number; unchanged: number }) => {
    report.users += counts.users;
    report.stored += counts.stored;
    report.unchanged += counts.unchanged;
  };
  const store = async (pending: ParsedLine[], hashed: HashedBatch | undefined) => {
    try {
      add(await storeBatch(db, pending, copier, hashed));
    } catch {
      // Line by line through the revision store, so the one bad line is named and the others are stored.
      for (const line of pending) {
        try {
          add(await storeBatch(db, [line]));
        } catch (error) {
          report.errors.push({ line: line.line, message: `not stored: ${(error as Error).message}` });
        }
      }
    }
    options.onProgress?.({
      bytesRead: input.bytesRead,
      totalBytes,
      lines: report.lines,
      stored: report.stored,
    });
    if (options.pauseMs) await delay(options.pauseMs);
  };
  // A batch is stored while the next one is read, parsed and hashed: the thread would otherwise wait on the
  // database. Batches still reach the database one after the other, in file order.
  let storing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const pending = batch;
    batch = [];
    if (pending.length === 0) return;
    const hashed = copier ? hashBatch(pending) : undefined;
    await storing;
    storing = store(pending, hashed);
    storing.catch(() => undefined);
  };

  try {
    for await (const text of lines) {
      report.lines++;
      if (text.trim() === '') continue;
      const parsed = parseImportLine(text, report.lines);
      if ('message' in parsed) report.errors.push(parsed);
      else batch.push(parsed);
      if (batch.length >= batchSize) {
        options.signal?.throwIfAborted();
        await flush();
      }
    }
    options.signal?.throwIfAborted();
    await flush();
    await storing;
  } finally {
    lines.close();
    input.destroy();
    await storing.catch(() => undefined);
    copier?.release();
  }
  report.errors.sort((a, b) => a.line - b.line);
  // The CRM may have deleted, purged or made business accounts of records the import brought in before the sync's
  // watermarks: the next sync checks every live record once.
  if (report.stored > 0) await requestRecheck(db, new Date());
  options.onProgress?.({ bytesRead: totalBytes, totalBytes, lines: report.lines, stored: report.stored });
  return report;
}
