import { commentIdOfField, RELATED_OBJECTS } from '../../contract/case-related';
import type { CrmConnector, CrmRecord } from '../crm/crm-connector';
import type { Db } from '../db/database';
import { caseRelatedRevisions, latestRelated, storeRelated } from '../store/related-store';
import type { WriteSource } from '../store/revision-store';

/** What a case's restore did to its e-mails and comments. */
export type RelatedRestore = {
  /** E-mails and comments that came back with the case out of the recycle bin. */
  cameBack: number;
  /** Comments brought back to the target: undeleted, created again once purged, or rewritten. */
  comments: { undeleted: string[]; recreated: string[]; rewritten: string[] };
};

/** The comment fields a restore writes (CaseComment: CommentBody and IsPublished are createable and updateable). */
const COMMENT_FIELDS = ['CommentBody', 'IsPublished'] as const;

/** A request's `fields` split: the case's own fields, and the comments chosen (null: every comment). */
export function splitFields(fields: readonly string[] | null): {
  caseFields: string[] | null;
  comments: string[] | null;
} {
  if (!fields) return { caseFields: null, comments: null };
  const comments = fields.map(commentIdOfField).filter((id) => id !== null);
  return { caseFields: fields.filter((f) => commentIdOfField(f) === null), comments };
}

/** The case's e-mails and comments as the CRM holds them now, in its recycle bin too; all stored as read. */
async function readAndStore(db: Db, crm: CrmConnector, caseId: string, source: WriteSource) {
  const now = new Map<string, CrmRecord>();
  for (const object of RELATED_OBJECTS) {
    const records = await crm.relatedOfCases(object, [caseId]);
    const live = records.filter((r) => r.IsDeleted !== true);
    await storeRelated(db, object, live, source);
    for (const r of records) now.set(r.Id, r);
  }
  return now;
}

/** The comments of the case as they stood at `at` (the revision in effect then), deleted ones left out. */
async function commentsAt(db: Db, caseId: string, at: Date): Promise<Map<string, CrmRecord>> {
  const states = new Map<string, { json: CrmRecord; deleted: boolean }>();
  for (const r of await caseRelatedRevisions(db, caseId, new Date(at.getTime() + 1)))
    if (r.object === 'CaseComment') states.set(r.recordId, { json: r.json, deleted: r.deleted });
  return new Map([...states].filter(([, s]) => !s.deleted).map(([id, s]) => [id, s.json]));
}

const differs = (a: CrmRecord, b: CrmRecord) => COMMENT_FIELDS.some((f) => (a[f] ?? null) !== (b[f] ?? null));
const commentValues = (c: CrmRecord) => Object.fromEntries(COMMENT_FIELDS.map((f) => [f, c[f] ?? null]));

/**
 * After a case's restore: counts the e-mails and comments that came back with it (live now, held as deleted before),
 * then brings the comments chosen (`comments`, every one when null) back as they stood at the target revision's
 * `savedAt`: one in the recycle bin undeleted, one purged created again, one changed rewritten (CommentBody,
 * IsPublished). E-mails are never written: a sent e-mail takes no edit in Salesforce (Object Reference,
 * EmailMessage:
 * https://developer.salesforce.com/docs/atlas.en-us.202.0.object_reference.meta/object_reference/sforce_api_objects_emailmessage.htm).
 * A comment created after `savedAt`, or deleted by then, is left alone. What the CRM holds afterwards is stored as
 * revisions of the restore (`source`).
 */
export async function restoreCaseRelated(
  deps: { db: Db; crm: CrmConnector },
  caseId: string,
  target: { savedAt: Date; comments: readonly string[] | null },
  source: WriteSource,
): Promise<RelatedRestore> {
  const { db, crm } = deps;
  const held = await caseRelatedRevisions(db, caseId, null);
  const before = await latestRelated(db, [...new Set(held.map((r) => r.recordId))]);
  const now = await readAndStore(db, crm, caseId, source);
  const cameBack = [...now.values()].filter((r) => r.IsDeleted !== true && before.get(r.Id)?.deleted).length;

  const done: RelatedRestore['comments'] = { undeleted: [], recreated: [], rewritten: [] };
  const chosen = target.comments && new Set(target.comments);
  for (const [id, wanted] of await commentsAt(db, caseId, target.savedAt)) {
    if (chosen && !chosen.has(id)) continue;
    const current = now.get(id);
    if (!current) {
      // Purged from the recycle bin: a new comment on the case holding what the old one said.
      await crm.createRecord('CaseComment', { ParentId: caseId, ...commentValues(wanted) }, id);
      done.recreated.push(id);
      continue;
    }
    if (current.IsDeleted === true) {
      await crm.undeleteRecord('CaseComment', id);
      done.undeleted.push(id);
    }
    if (differs(current, wanted)) {
      await crm.updateRecord('CaseComment', id, commentValues(wanted));
      if (current.IsDeleted !== true) done.rewritten.push(id);
    }
  }
  if (done.undeleted.length + done.recreated.length + done.rewritten.length > 0)
    await readAndStore(db, crm, caseId, source);
  return { cameBack, comments: done };
}
