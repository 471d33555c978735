import {
  CrmError,
  type CrmObject,
  type CrmRecord,
  type DeletedLookup,
  type DeletedRecord,
  type DeletedSince,
  type RecordState,
  type RelatedObject,
  type SyncedObject,
} from '../crm-connector';
import { parseSfDateTime } from '../salesforce-dates';
import type { SalesforceConnection } from './connection';
import type { FieldPlans } from './describe';
import { lookupValues, personScope, toSnapshot, type FieldPlan } from './field-plan';
import { plannedQuery } from './planned-query';
import { checkId, ID_PATTERN, quotedLists } from './ids';
import { query, soqlDateTime, waitedQuery } from './query-pages';

/** How long Salesforce keeps deleted records in the recycle bin (and lists them in Get Deleted). */
const RECYCLE_BIN_DAYS = 15;
/** Get Deleted's start must precede its end by more than a minute, seconds dropped. */
const MIN_REPLICATION_SPAN_MS = 2 * 60_000;
/** Get Deleted's own limit of ids a call: one run lists no more, the next one goes on from there. */
const DELETED_IDS_PER_RUN = 600_000;
const tooManyIds = (error: unknown) => error instanceof CrmError && error.errorCode === 'EXCEEDED_ID_LIMIT';
/** sObject Get Deleted's answer; `earliestDateAvailable` may be missing where nothing was ever purged. */
type DeletedAnswer = {
  deletedRecords: Array<{ id: string; deletedDate: string }>;
  latestDateCovered: string;
  earliestDateAvailable?: string;
};

/** A record QueryAll found deleted (its snapshot, and whether it is a business account), or 'live'. */
type BinEntry = { snapshot: CrmRecord; business: boolean } | 'live';

/**
 * A date-time as sObject Get Deleted and Get Updated take it, "YYYY-MM-DDThh:mm:ss+hh:mm" in UTC
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getdeleted.htm), to the second
 * (callers round it their way).
 */
function replicationDateTime(time: Date): string {
  return `${time.toISOString().slice(0, 19)}+00:00`;
}

/** The fields of the record's life a query asks beside the plan's: IsDeleted and, where the org has it, the survivor of a merge. */
const life = (plan: FieldPlan) => ['IsDeleted', ...(plan.mergeField ? [plan.mergeField] : [])];

/** A record in the recycle bin as Storico keeps it: IsDeleted, and MasterRecordId the survivor of a merge or null. */
function binSnapshot(plan: FieldPlan, record: { Id: string; [field: string]: unknown }): CrmRecord {
  const survivor = plan.mergeField ? record[plan.mergeField] : null;
  return {
    ...toSnapshot(plan, record),
    IsDeleted: true,
    MasterRecordId: typeof survivor === 'string' ? survivor : null,
  };
}

/** What the CRM deleted, and what its recycle bin still holds: the deletion sync's and a restore's questions. */
export class RecycleBin {
  constructor(
    private readonly connection: SalesforceConnection,
    private readonly plans: FieldPlans,
  ) {}

  /**
   * The ids and times come from sObject Get Deleted, the documented replication resource, which reaches back 15
   * days at most and ignores seconds
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/resources_getdeleted.htm); the last
   * state of each record from QueryAll, which also returns records in the recycle bin
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm). A record
   * listed but live again (undeleted since) is left out.
   *
   * getDeleted()'s rules (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm):
   * the start must precede the end "by more than one minute", and once the recycle bin has been purged a start
   * before the purge is refused with INVALID_REPLICATION_DATE. The REST answer also carries `earliestDateAvailable`
   * (https://developer.salesforce.com/docs/platform/api-rest/guide/dome-get-deleted.md), "the timestamp ... of the
   * last physically deleted object" (GetDeletedResult,
   * https://developer.salesforce.com/docs/atlas.en-us.api.meta/object_ref/sforce_api_calls_getdeleted_getdeletedresult.htm):
   * one later than the call's start says the same as the refusal, that the log no longer reaches back to it, as
   * does a start older than the 15 days Get Deleted covers. Either way the deletions still in the recycle bin are
   * read with QueryAll instead (IsDeleted, dated by SystemModstamp,
   * which is where Get Deleted takes its deletedDate from), and the answer says that records purged before this call
   * may be missing.
   *
   * Get Deleted lists 600,000 ids at most: "If more than 600,000 IDs are found, EXCEEDED_ID_LIMIT is returned. You
   * can correct the error by choosing start and end dates that are closer together." A span refused so is halved,
   * and the spans follow one another up to now; past 600,000 ids the rest is left to the next run.
   */
  async deletedSince(object: SyncedObject, since: Date | null): Promise<DeletedSince> {
    const now = Date.now();
    const oldest = now - RECYCLE_BIN_DAYS * 86_400_000 + 60_000;
    // Two minutes, as the seconds of both ends are dropped.
    const start = new Date(Math.min(Math.max(since?.getTime() ?? 0, oldest), now - MIN_REPLICATION_SPAN_MS));
    const listed = new Map<string, string>();
    let latestDateCovered = start;
    let end = now;
    const fromRecycleBin = async () => ({
      ...(await this.recycleBinSince(
        object,
        new Date(Math.min(since?.getTime() ?? now, start.getTime())),
        new Date(now),
      )),
      purgedLog: true,
    });
    // A last run longer ago than Get Deleted reaches back: records deleted and purged in between are in no list.
    if (since !== null && since.getTime() < oldest) return fromRecycleBin();
    for (;;) {
      let answer: DeletedAnswer;
      try {
        answer = await this.listDeleted(object, latestDateCovered, new Date(end));
      } catch (error) {
        if (error instanceof CrmError && error.errorCode === 'INVALID_REPLICATION_DATE')
          return fromRecycleBin();
        const span = end - latestDateCovered.getTime();
        if (!tooManyIds(error) || span < 2 * MIN_REPLICATION_SPAN_MS) throw error;
        end -= Math.floor(span / 2);
        continue;
      }
      // Deletions up to the start were listed by the call before (its latestDateCovered); a later one is gone.
      const purged = parseSfDateTime(answer.earliestDateAvailable);
      if (purged !== undefined && purged > latestDateCovered.getTime()) return fromRecycleBin();
      for (const d of answer.deletedRecords) listed.set(d.id, d.deletedDate);
      const covered = parseSfDateTime(answer.latestDateCovered) ?? latestDateCovered.getTime();
      const advanced = covered > latestDateCovered.getTime();
      latestDateCovered = new Date(Math.max(covered, latestDateCovered.getTime()));
      if (end >= now || !advanced || listed.size >= DELETED_IDS_PER_RUN) break;
      if (now - latestDateCovered.getTime() < MIN_REPLICATION_SPAN_MS) break;
      end = now;
    }
    return { ...(await this.listedRecords(object, listed)), latestDateCovered, purgedLog: false };
  }

  /** The records Get Deleted listed (id to deletedDate) with their snapshots, those live again left out. */
  private async listedRecords(object: SyncedObject, listed: ReadonlyMap<string, string>) {
    const ids = [...listed.keys()].filter((id) => ID_PATTERN.test(id));
    const byIds = quotedLists(ids).map((list) => [`Id IN (${list.join(', ')})`]);
    const snapshots = await this.deletedSnapshots(object, byIds);
    const deleted: DeletedRecord[] = [];
    const business: DeletedRecord[] = [];
    for (const [id, deletedDate] of listed) {
      const found = snapshots.get(id);
      if (found === 'live') continue;
      (found?.business ? business : deleted).push({
        id,
        deletedAt: new Date(parseSfDateTime(deletedDate) ?? Date.parse(deletedDate)),
        snapshot: found?.snapshot ?? null,
      });
    }
    return { deleted, business };
  }

  /**
   * One sObject Get Deleted call, its ends written as the resource asks, "ISO 8601 format
   * (YYYY-MM-DDThh:mm:ss+hh:mm)" (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_getdeleted.htm),
   * in whole seconds: the start's fraction dropped, the end's counted as a whole second, so that nothing deleted
   * between them is left out.
   */
  private listDeleted(object: SyncedObject, start: Date, end: Date) {
    const from = replicationDateTime(new Date(Math.floor(start.getTime() / 1000) * 1000));
    const to = replicationDateTime(new Date(Math.ceil(end.getTime() / 1000) * 1000));
    return this.connection.call<DeletedAnswer>(
      {
        method: 'GET',
        url: `/sobjects/${object}/deleted/?start=${encodeURIComponent(from)}&end=${encodeURIComponent(to)}`,
      },
      `Listing deleted ${object} records`,
    );
  }

  /** The records in the recycle bin deleted since `start`, each dated by its SystemModstamp. */
  private async recycleBinSince(object: SyncedObject, start: Date, end: Date) {
    const snapshots = await this.deletedSnapshots(object, [
      ['IsDeleted = true', `SystemModstamp >= ${soqlDateTime(start)}`],
    ]);
    const deleted: DeletedRecord[] = [];
    const business: DeletedRecord[] = [];
    for (const found of snapshots.values()) {
      if (found === 'live') continue;
      const { snapshot } = found;
      (found.business ? business : deleted).push({
        id: snapshot.Id,
        deletedAt: new Date(parseSfDateTime(String(snapshot.SystemModstamp)) ?? end.getTime()),
        snapshot,
      });
    }
    return { deleted, business, latestDateCovered: end };
  }

  /**
   * The snapshots QueryAll answers for the records matching each set of conditions (with IsDeleted true and
   * MasterRecordId, the survivor of a merge, where the org has it), by Id; 'live' for one that is not deleted.
   * Accounts are read whatever their family: Get Deleted lists business accounts too, among them contacts made
   * business accounts before they were deleted, which the person account scope would take for purged.
   */
  private async deletedSnapshots(object: SyncedObject, queries: string[][]): Promise<Map<string, BinEntry>> {
    const plan = await this.plans.plan(object);
    personScope(plan); // refuses an org without person accounts, as every read of contacts does
    const family = plan.object === 'Account' ? plan.personAccountField : undefined;
    const found = new Map<string, BinEntry>();
    for (const where of queries) {
      const extra = [...life(plan), ...(family ? [family] : [])];
      const context = `Reading deleted ${object} records`;
      const read = { object, plan, extra, where, context, resource: 'queryAll' as const };
      for await (const page of plannedQuery(this.connection, read)) {
        for (const record of page.records) {
          const business = family !== undefined && record[family] !== true;
          found.set(
            record.Id,
            record.IsDeleted === true ? { snapshot: binSnapshot(plan, record), business } : 'live',
          );
        }
      }
    }
    return found;
  }

  /**
   * The e-mails or comments of the cases named, by ParentId, with QueryAll: those in the recycle bin too, with
   * IsDeleted true (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
   */
  async relatedOfCases(object: RelatedObject, caseIds: readonly string[]): Promise<CrmRecord[]> {
    for (const id of caseIds) checkId('Case', id);
    const plan = await this.plans.plan(object);
    const records: CrmRecord[] = [];
    for (const list of quotedLists(caseIds)) {
      const where = [`ParentId IN (${list.join(', ')})`];
      const context = `Reading the ${object} records of ${list.length} cases`;
      const read = { object, plan, extra: ['IsDeleted'], where, context, resource: 'queryAll' as const };
      for await (const page of plannedQuery(this.connection, read))
        for (const r of page.records)
          records.push(r.IsDeleted === true ? binSnapshot(plan, r) : toSnapshot(plan, r));
    }
    return records;
  }

  async readRecordWithDeleted(object: CrmObject, id: string): Promise<CrmRecord | null> {
    checkId(object, id);
    const plan = await this.plans.plan(object);
    const read = {
      object,
      plan,
      extra: life(plan),
      where: [`Id = '${id}'`],
      context: `Reading ${object} ${id} in the recycle bin`,
      resource: 'queryAll' as const,
      timeoutMs: this.connection.readTimeoutMs,
    };
    for await (const page of plannedQuery(this.connection, read)) {
      const record = page.records[0];
      if (record) return record.IsDeleted === true ? binSnapshot(plan, record) : toSnapshot(plan, record);
    }
    return null;
  }

  /** QueryAll of the Ids alone: a replication's "full pull" once the delete log was purged. */
  async recordIds(object: CrmObject): Promise<Set<string>> {
    const plan = await this.plans.plan(object);
    const where = personScope(plan);
    const soql = `SELECT Id FROM ${object}${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`;
    const ids = new Set<string>();
    for await (const page of query(this.connection, soql, `Listing the ${object} records`, 'queryAll'))
      for (const record of page.records) ids.add(record.Id);
    return ids;
  }

  async existingIds(object: CrmObject, ids: readonly string[]): Promise<Set<string>> {
    for (const id of ids) checkId(object, id);
    const found = new Set<string>();
    for (const list of quotedLists(ids)) {
      const soql = `SELECT Id FROM ${object} WHERE Id IN (${list.join(', ')})`;
      const context = `Checking ${list.length} ${object} records`;
      for await (const page of query(this.connection, soql, context, 'queryAll'))
        for (const record of page.records) found.add(record.Id);
    }
    return found;
  }

  async deletedLookups(object: CrmObject, fields: Record<string, unknown>): Promise<DeletedLookup[]> {
    const plan = await this.plans.plan(object);
    const lookups = lookupValues(plan, fields).filter((l) => ID_PATTERN.test(l.id));
    const asked = new Map<string, Set<string>>();
    for (const l of lookups) for (const o of l.objects) asked.set(o, (asked.get(o) ?? new Set()).add(l.id));
    // An Id compares by its first 15 characters, the case-sensitive form the 18 extend.
    const binned = new Set<string>();
    for (const [target, ids] of asked) {
      for (const quoted of quotedLists([...ids])) {
        // queryAll sees the recycle bin, a merge's losers among it (IsDeleted true, MasterRecordId set).
        const soql = `SELECT Id FROM ${target} WHERE IsDeleted = true AND Id IN (${quoted.join(', ')})`;
        const context = `Checking the ${target} records a ${object} write names`;
        for await (const page of waitedQuery(this.connection, soql, context, 'queryAll'))
          for (const record of page.records) binned.add(record.Id.slice(0, 15));
      }
    }
    return lookups.filter((l) => binned.has(l.id.slice(0, 15))).map(({ field, id }) => ({ field, id }));
  }

  async recordState(object: CrmObject, id: string): Promise<RecordState> {
    checkId(object, id);
    // An account's family is read with its state: a contact made a business account is none of Storico's.
    let family: string | undefined;
    if (object === 'Account') {
      const plan = await this.plans.plan(object);
      personScope(plan); // refuses an org without person accounts
      family = plan.personAccountField;
    }
    // queryAll sees a record in the recycle bin (IsDeleted = true); once purged, nothing sees it.
    const soql = `SELECT Id, IsDeleted${family ? `, ${family}` : ''} FROM ${object} WHERE Id = '${id}'`;
    const context = `Reading the state of ${object} ${id}`;
    for await (const page of waitedQuery(this.connection, soql, context, 'queryAll')) {
      const record = page.records[0];
      if (!record) break;
      if (family && record[family] !== true) return 'business';
      return record.IsDeleted === true ? 'deleted' : 'live';
    }
    return 'purged';
  }
}
