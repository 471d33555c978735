import type { CrmFields } from '../../contract/crm-fields';
import { otherFields } from '../store/crm-fields.repository';
import type { Page } from '../../contract/page';
import { formatDiffProperties, type Differences, type Revision } from '../../contract/revisions';
import { keptByCrm } from '../../contract/restore-writes';
import type { CrmConnector } from '../crm/crm-connector';
import { answerWithin } from '../crm/crm-wait';
import type { Db } from '../db/database';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import { badRequest, notFound } from '../http/http-error';
import { toPage } from '../http/paging';
import {
  recordHistory,
  recordInRange,
  revisionsByIds,
  type RecordNow,
  type StoredRevision,
} from '../store/revisions.repository';
import { romeDayRange } from '../db/rome-days';
import { changedFields, snapshotText } from '../store/snapshot-fields';

export const toRevision = (kind: RecordKind, revision: StoredRevision, now: RecordNow): Revision => ({
  id: revision.id,
  savedAt: revision.savedAt.toISOString(),
  source: revision.source,
  json: snapshotText(kind, revision.json),
  ...now.life,
  deletedContact: now.deletedContact,
});

type PageParams = { page: number; size: number };
type RangeParams = PageParams & { dateFrom: string; dateTo: string };

/** Lists are always paged: `isPaged=false` would let one call read a record's whole history. */
const paged = (query: PageParams) => ({ page: query.page, size: query.size, isPaged: true });

export class RevisionsService {
  constructor(
    private readonly db: Db,
    private readonly crm?: CrmConnector,
  ) {}

  /**
   * The version in effect at dateFrom, then the one in effect at dateTo when it is another revision; none for a
   * record Storico knows that had no revision yet at dateTo (a detail opened with dates before its first one), which
   * the screens tell apart from an unknown record (404).
   */
  async inRange(kind: RecordKind, recordId: string, query: RangeParams): Promise<Page<Revision>> {
    const found = await recordInRange(this.db, kind, recordId, romeDayRange(query.dateFrom, query.dateTo));
    if (!found) throw this.unknown(kind, recordId);
    const { earlier, later, now } = found;
    if (!earlier || !later) return toPage([], 0, paged(query));
    const all = (earlier.id === later.id ? [earlier] : [earlier, later]).map((r) => toRevision(kind, r, now));
    const start = query.page * query.size;
    return toPage(all.slice(start, start + query.size), all.length, paged(query));
  }

  /** Every revision of the record, newest first. */
  async history(kind: RecordKind, recordId: string, query: PageParams): Promise<Page<Revision>> {
    const found = await recordHistory(this.db, kind, recordId, {
      offset: query.page * query.size,
      limit: query.size,
    });
    if (!found) throw this.unknown(kind, recordId);
    return toPage(
      found.revisions.map((r) => toRevision(kind, r, found.now)),
      found.total,
      paged(query),
    );
  }

  /** The fields of a kind kept beyond the screens' sections, labelled and typed as the org describes them. */
  async otherFields(kind: RecordKind): Promise<CrmFields> {
    return { fields: await otherFields(this.db, kind) };
  }

  /** The fields that differ between two revisions of one record; `fields` names the two query parameters. */
  async differences(
    kind: RecordKind,
    firstId: number,
    secondId: number,
    fields: readonly [string, string],
  ): Promise<Differences> {
    const found = new Map((await revisionsByIds(this.db, kind, [firstId, secondId])).map((r) => [r.id, r]));
    const first = found.get(firstId);
    const second = found.get(secondId);
    if (!first) throw notFound(`Revision ${firstId} not found`);
    if (!second) throw notFound(`Revision ${secondId} not found`);
    if (first.recordId !== second.recordId)
      throw badRequest(`query.${fields[1]}`, 'The two revisions belong to different records');
    const changed = changedFields(kind, first.json, second.json);
    return {
      jsonDiffProperties: formatDiffProperties(changed),
      keptByCrm: await this.keptByCrm(kind, first.json, changed),
    };
  }

  /**
   * Of the fields `changed`, those a restore to `restored` leaves as the CRM has them. The CRM is asked (its described
   * fields, kept after the first call) only when the version restored lacks a value that differs; when it cannot
   * answer within a second (answerWithin), none is named: the restore itself still leaves them, and says which it wrote.
   * A comparison never waits on a CRM that does not answer; the description asked for is kept once it comes.
   */
  private async keptByCrm(kind: RecordKind, restored: Record<string, unknown>, changed: string[]) {
    const empty = changed.filter((field) => keptByCrm(restored[field], true));
    if (empty.length === 0 || !this.crm) return [];
    const neverEmpty = new Set(
      await answerWithin(this.crm.neverEmptyFields(recordKinds[kind].crmObject), []),
    );
    return empty.filter((field) => keptByCrm(restored[field], neverEmpty.has(field)));
  }

  private unknown(kind: RecordKind, recordId: string) {
    return notFound(`${recordKinds[kind].noun} ${recordId} not found`);
  }
}
