import { z } from 'zod';
import { idParamSchema, textSchema } from './bounds';
import { dateOrder, dateRangeFields } from './dates';
import { pageQuerySchema } from './page';
import { recordLifeFields } from './search';

/**
 * A case's contact (the AccountId of the case's newest revision) that Storico holds as deleted in the CRM: in the
 * recycle bin, or merged into another contact. `name`: the contact's name as Storico last saw it.
 */
export const deletedContactSchema = z.object({ id: z.string(), name: z.string().nullable() });
export type DeletedContact = z.infer<typeof deletedContactSchema>;

/** One stored version of a record; `json` is the CRM snapshot as text (its `Id` included). */
export const revisionSchema = z.object({
  id: z.number().int(),
  /** When the change happened in the CRM (its SystemModstamp), ISO 8601. */
  savedAt: z.string(),
  /**
   * `sync`, `import`, `restore:{requestId}`, `rollback:{rollbackId}`, `delete`: the record was deleted in the CRM at
   * `savedAt`; `json` is then its last known snapshot with `IsDeleted: true` (and `MasterRecordId` when it was merged
   * away), or `convert`: the contact was made a business account at `savedAt`; `json` is that account as the CRM
   * answered it.
   */
  source: z.string(),
  json: z.string(),
  /** The record's life as Storico knows it now (the same on every revision of one record). */
  ...recordLifeFields,
  /**
   * On a case, its contact when Storico holds it as deleted in the CRM, as of now (the same on every revision of
   * one case): a restore that leaves the case pointing at it is refused (409 RELATED_RECORD_DELETED) until the
   * contact is restored. Null on a case whose contact lives, and on contacts. A contact Storico re-created in place
   * of a purged one does not count: a restore moves the case onto the new one.
   */
  // The default reads answers of servers, and offline copies, from before it was sent.
  deletedContact: deletedContactSchema.nullable().default(null),
});
export type Revision = z.infer<typeof revisionSchema>;

/**
 * `GET /api/v3/revision-account/{id}/account` and `GET /api/v3/revision-case/{id}/cases`: the version in effect at
 * dateFrom, then the version in effect at dateTo when that is a different revision (so one item = the same version).
 * "In effect at D" = the latest revision saved before the end of day D (Europe/Rome); if the record had none yet,
 * its first revision inside the range. 404 when the record is unknown or has no revision up to dateTo.
 */
export const revisionsInRangeQuerySchema = pageQuerySchema.extend(dateRangeFields).refine(...dateOrder);

/** `GET /api/v3/revision-account/{id}/history` and `/revision-case/{id}/history`: every revision, newest first. */
export const revisionHistoryQuerySchema = pageQuerySchema;

export const recordParamsSchema = z.object({ id: textSchema(40).min(1) });

/** `GET /api/v3/revision-account/differences?firstRevisionAccountID=&secondRevisionAccountID=` */
export const accountDifferencesQuerySchema = z.object({
  firstRevisionAccountID: idParamSchema,
  secondRevisionAccountID: idParamSchema,
});

/** `GET /api/v3/revision-case/differences?firstRevisionCaseID=&secondRevisionCaseID=` */
export const caseDifferencesQuerySchema = z.object({
  firstRevisionCaseID: idParamSchema,
  secondRevisionCaseID: idParamSchema,
});

/**
 * `jsonDiffProperties` is `[A, B, ...]`: the top-level snapshot fields whose values differ (objects compared deeply),
 * in snapshot field order; `[]` when the versions are the same. 400 when the two revisions are of different records.
 * `keptByCrm`: those of them a restore to the first revision leaves as the CRM has them (contract/restore-writes.ts),
 * so that a restore's list of fields shows what it writes; empty when the CRM cannot say which fields cannot be empty.
 */
export const differencesSchema = z.object({
  jsonDiffProperties: z.string(),
  keptByCrm: z.array(z.string()).default([]),
});
export type Differences = z.infer<typeof differencesSchema>;

/** `[A, B]` -> ['A', 'B']. */
export function parseDiffProperties(value: string): string[] {
  const inner = value.trim().replace(/^\[/, '').replace(/\]$/, '').trim();
  return inner
    ? inner
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean)
    : [];
}

export function formatDiffProperties(fields: readonly string[]): string {
  return `[${fields.join(', ')}]`;
}
