import { z } from 'zod';
import { decimalParamSchema } from './bounds';
import { daySchema } from './dates';

/** The CRM objects kept as a case's related records: its e-mails and its comments (ParentId = the case). */
export const RELATED_OBJECTS = ['EmailMessage', 'CaseComment'] as const;
export type RelatedObject = (typeof RELATED_OBJECTS)[number];

/** What happened to a related record between `dateFrom` and `dateTo`; null: nothing. */
export const relatedChangeSchema = z.enum(['added', 'changed', 'deleted']).nullable();
export type RelatedChange = z.infer<typeof relatedChangeSchema>;

/**
 * One e-mail or comment of a case as it stood at `dateTo` (or, deleted before, as it last stood): `revisionId` that
 * revision, `savedAt` when it was saved in the CRM (ISO 8601), `deletedAt` when the CRM deleted it (null while it
 * lives, as of `dateTo`), `json` its snapshot as text (every readable field; an e-mail's `HtmlBody` is HTML that is
 * never rendered), `change` what happened to it within the range.
 */
export const relatedRecordSchema = z.object({
  object: z.enum(RELATED_OBJECTS),
  id: z.string(),
  revisionId: z.number().int(),
  savedAt: z.string(),
  deletedAt: z.string().nullable(),
  json: z.string(),
  change: relatedChangeSchema,
});
export type RelatedRecord = z.infer<typeof relatedRecordSchema>;

/**
 * `GET /api/v3/revision-case/{sfCaseID}/related?dateFrom=&dateTo=&page=0&size=50`: the case's e-mails and comments
 * that existed at some time from the start of `dateFrom` to the end of `dateTo` (days in Europe/Rome, both
 * included; without them the whole history), newest `savedAt` first. Every signed-in role; 404 for a case Storico
 * does not hold.
 */
export const relatedQuerySchema = z
  .object({
    dateFrom: daySchema.optional(),
    dateTo: daySchema.optional(),
    page: decimalParamSchema(0, 1_000_000).default(0),
    size: decimalParamSchema(1, 200).default(50),
  })
  .refine((range) => !range.dateFrom || !range.dateTo || range.dateFrom <= range.dateTo, {
    message: 'dateFrom must not be after dateTo',
    path: ['dateTo'],
  });
export type RelatedQuery = z.infer<typeof relatedQuerySchema>;

/**
 * A comment of a case among a restore's fields: `CaseComment:{Id}` (contract/restores.ts `fields`). A restore of the
 * case brings such a comment back as it stood at the target revision's `savedAt`: undeleted, re-created once purged,
 * or rewritten (`CommentBody`, `IsPublished`).
 */
export const COMMENT_FIELD_PREFIX = 'CaseComment:';
export const commentField = (id: string) => `${COMMENT_FIELD_PREFIX}${id}`;
export const commentIdOfField = (field: string): string | null =>
  field.startsWith(COMMENT_FIELD_PREFIX) ? field.slice(COMMENT_FIELD_PREFIX.length) || null : null;
