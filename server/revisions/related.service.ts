import type { RelatedChange, RelatedQuery, RelatedRecord } from '../../contract/case-related';
import type { Page } from '../../contract/page';
import type { Db } from '../db/database';
import { romeMidnight, nextDay } from '../db/rome-days';
import { notFound } from '../http/http-error';
import { toPage } from '../http/paging';
import { caseRelatedRevisions, heldCases, type RelatedRevisionRow } from '../store/related-store';

/**
 * What happened to a record between the state in effect at the start of the range (`base`) and the one at its end:
 * without a start, the record's first revision is the base, so nothing shows as added.
 */
function changeOf(base: RelatedRevisionRow | undefined, end: RelatedRevisionRow): RelatedChange {
  if (end.deleted) return base?.deleted && base.id === end.id ? null : 'deleted';
  if (!base || base.deleted) return 'added';
  return base.hash === end.hash ? null : 'changed';
}

/** A case's e-mails and comments as they stood at a day (GET /api/v3/revision-case/{id}/related). */
export class RelatedService {
  constructor(private readonly db: Db) {}

  async related(caseId: string, query: RelatedQuery): Promise<Page<RelatedRecord>> {
    if (!(await heldCases(this.db, [caseId])).has(caseId)) throw notFound(`Case ${caseId} not found`);
    const start = query.dateFrom ? romeMidnight(query.dateFrom) : null;
    const end = query.dateTo ? romeMidnight(nextDay(query.dateTo)) : null;
    const byRecord = new Map<string, RelatedRevisionRow[]>();
    for (const row of await caseRelatedRevisions(this.db, caseId, end)) {
      const list = byRecord.get(row.recordId) ?? [];
      list.push(row);
      byRecord.set(row.recordId, list);
    }
    const records: RelatedRecord[] = [];
    for (const revisions of byRecord.values()) {
      const last = revisions.at(-1)!;
      const before = start ? revisions.filter((r) => r.savedAt < start).at(-1) : revisions[0];
      // Deleted before the range and never back within it: it did not exist in the range.
      if (start && before?.id === last.id && last.deleted) continue;
      records.push({
        object: last.object,
        id: last.recordId,
        revisionId: last.id,
        savedAt: last.savedAt.toISOString(),
        deletedAt: last.deleted ? last.savedAt.toISOString() : null,
        json: JSON.stringify(last.json),
        change: changeOf(before, last),
      });
    }
    records.sort((a, b) => b.savedAt.localeCompare(a.savedAt) || b.revisionId - a.revisionId);
    const from = query.page * query.size;
    return toPage(records.slice(from, from + query.size), records.length, {
      page: query.page,
      size: query.size,
      isPaged: true,
    });
  }
}
