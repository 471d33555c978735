import { z } from 'zod';
import { fourEyesField } from './four-eyes';
import { idParamSchema, idSchema, MAX_YEAR, MIN_YEAR, textSchema } from './bounds';
import { daySchema, parseDateTime } from './dates';
import { pageOf, pageQuerySchema } from './page';

/**
 * The tabs of 'Gestione rollback' are the restore lists' three statuses (docs/product.md#agent-rollbacks).
 */
export const ROLLBACK_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RollbackStatus = (typeof ROLLBACK_STATUSES)[number];

/**
 * Where an approved rollback is: `waiting` (not approved yet, or rejected), `running` (batches being applied),
 * `stopped` (a reviewer stopped it: the records not done are left as they are) or `finished`.
 */
export const ROLLBACK_RUNS = ['waiting', 'running', 'stopped', 'finished'] as const;
export type RollbackRun = (typeof ROLLBACK_RUNS)[number];

/**
 * What became of one record: `restored` (its fields hold their values from before the window again), `skipped`
 * (nothing to write, or no version before the window), `refused` (the CRM said no: `message` says why) or `unknown`
 * (the write was sent and no answer came: a read of the record settles it, the write is never sent again).
 */
export const ROLLBACK_OUTCOMES = ['restored', 'skipped', 'refused', 'unknown'] as const;
export type RollbackOutcome = (typeof ROLLBACK_OUTCOMES)[number];

/**
 * Why a record was skipped, refused or is unknown, for the app to say in its own words (`message` keeps the
 * server's text, the CRM's own for a refusal): `nothing-to-write` (it already holds its values from before the
 * window), `created-in-window` (no version before it), `unanswered` (the write went unanswered: a read settles it),
 * `worker-stopped` (a worker stopped after sending the write), `not-applied` (unanswered, and a later read shows the
 * write did not land), `converted` (the contact is a business account in the CRM now), `recreating` (purged, and
 * being created again), `not-kept` (the CRM took the write but holds other values right after it), `owner-changed`
 * (the CRM gave the record another owner on the write), `crm-refused` (the CRM refused; its error code is in
 * `message`), `changed-since` (someone other than the agent changed it in the CRM after the request was made: left
 * as it is), `related-deleted` (going back would point it at a record in the CRM's recycle bin, a case at its deleted
 * contact: left as it is).
 */
export const ROLLBACK_REASONS = [
  'nothing-to-write',
  'created-in-window',
  'unanswered',
  'worker-stopped',
  'not-applied',
  'converted',
  'recreating',
  'not-kept',
  'owner-changed',
  'crm-refused',
  'changed-since',
  'related-deleted',
] as const;
export type RollbackReason = (typeof ROLLBACK_REASONS)[number];

/**
 * 409 of create: the agent's window of that object, or the alert the request names, already has a pending or running
 * rollback.
 */
export const ROLLBACK_OPEN_MESSAGE = 'A rollback of these changes is already pending or running';
/** 409 of create: the window holds no change of the agent to roll back. */
export const ROLLBACK_EMPTY_MESSAGE = 'The agent changed no record of this object in the window';
/** 409 of stop: only a running rollback can be stopped. */
export const ROLLBACK_NOT_RUNNING_MESSAGE = 'This rollback is not running';

/**
 * `YYYY-MM-DD` (a whole Rome day) or an ISO date-time with its offset (an alert's exact window): a real day in the
 * years of contract/bounds.ts, and a real clock time (contract/dates.ts).
 */
const instantOrDay = textSchema(40)
  .regex(
    /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/,
    'A day YYYY-MM-DD or an ISO date-time with its offset',
  )
  .superRefine((value, ctx) => {
    const day = value.includes('T') ? undefined : daySchema.safeParse(value);
    if (day && !day.success) ctx.addIssue({ code: 'custom', message: day.error.issues[0]!.message });
    else if (!day && !parseDateTime(value)?.hasOffset)
      ctx.addIssue({
        code: 'custom',
        message: `Not a date-time of a real day and clock in ${MIN_YEAR}-${MAX_YEAR}`,
      });
  });

/**
 * `POST /api/v3/rollback-request/preview` (USER_RANA): what rolling back the agent's changes would do. `from` and
 * `to` are either days (whole days in Europe/Rome, `to` included) or instants (an alert's window, both included).
 * `fields`, when given, limits the rollback to these snapshot fields (an address is one field).
 */
export const rollbackScopeSchema = z.object({
  sfUserID: textSchema(40).min(1),
  object: z.enum(['Account', 'Case']),
  from: instantOrDay,
  to: instantOrDay,
  fields: z.array(textSchema(80).min(1)).min(1).max(100).optional(),
});
export type RollbackScope = z.infer<typeof rollbackScopeSchema>;

/**
 * `POST /api/v3/rollback-request/?code=` (USER_RANA): the scope, plus `includeLaterChanged`: the records changed
 * again after the window by someone else that are ticked to be rolled back too (the others are left out), and the
 * alert it was prepared from, if any. Answers the new PENDING request (201).
 */
export const createRollbackSchema = rollbackScopeSchema.extend({
  includeLaterChanged: z.array(textSchema(40).min(1)).max(10_000).default([]),
  alertId: idSchema.nullable().optional(),
});
export type CreateRollback = z.input<typeof createRollbackSchema>;

const fieldValue = z.unknown();
/** A field a rollback writes back: the value it goes back to (`before` the window) and the one it holds now. */
const fieldChangeSchema = z.object({ field: z.string(), before: fieldValue, after: fieldValue });

/** A record of the preview: what it holds now and what the rollback writes back, field by field. */
export const rollbackSampleSchema = z.object({
  recordId: z.string(),
  /** The contact's name or the case number. */
  label: z.string().nullable(),
  /** Deleted in the CRM now: the rollback brings it back (undelete, or create again once purged). */
  deleted: z.boolean(),
  changes: z.array(fieldChangeSchema),
});

/** A record changed again after the window by someone else: left out unless ticked. */
export const laterChangedSchema = z.object({
  recordId: z.string(),
  label: z.string().nullable(),
  /** Who changed it after the window (`LastModifiedById`) and when, the latest such change. */
  changedBy: z.string().nullable(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
  /** That change was Storico's own write (its CRM user is the integration's): a restore or a rollback, by number. */
  storicoWrite: z.object({ kind: z.enum(['restore', 'rollback']), id: z.number().int() }).nullable(),
});
export type LaterChanged = z.infer<typeof laterChangedSchema>;

/** The scope as answered: the agent (with their name), the object, the window as asked and the fields chosen. */
const scopeFields = {
  sfUserID: z.string(),
  agentName: z.string().nullable(),
  object: z.enum(['Account', 'Case']),
  from: z.string(),
  to: z.string(),
  fields: z.array(z.string()).nullable(),
};

/**
 * The preview. `records`: records the agent changed in the window; `laterChanged` of them were changed again later
 * by someone else (listed apart); `withoutEarlierVersion` were created in the window (nothing to go back to: they
 * are skipped). `fieldCounts`: per field, how many of the records rolled back by default (all but the later-changed)
 * would be written, most first. `sample`: up to 20 of those records, `before` = the value before the window (what
 * is written back), `after` = the value now.
 */
export const rollbackPreviewSchema = z.object({
  ...scopeFields,
  records: z.number().int(),
  withoutEarlierVersion: z.number().int(),
  /** Fields that can be chosen: the writable fields changed on at least one record. */
  changedFields: z.array(z.string()),
  fieldCounts: z.array(z.object({ field: z.string(), count: z.number().int() })),
  sample: z.array(rollbackSampleSchema),
  laterChanged: z.array(laterChangedSchema),
});
export type RollbackPreview = z.infer<typeof rollbackPreviewSchema>;

const userRefSchema = z.object({ id: z.number().int(), username: z.string() });

/** A rollback request with its progress: `done` of `total` records have an outcome (an `unknown` one is not done). */
export const rollbackRequestSchema = z.object({
  id: z.number().int(),
  ...scopeFields,
  alertId: z.number().int().nullable(),
  status: z.enum(ROLLBACK_STATUSES),
  run: z.enum(ROLLBACK_RUNS),
  createdAt: z.string(),
  /** When it was approved or rejected; null while PENDING. */
  approvedAt: z.string().nullable(),
  stoppedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  userCreator: userRefSchema,
  userReviewer: userRefSchema.nullable(),
  stoppedBy: userRefSchema.nullable(),
  total: z.number().int(),
  done: z.number().int(),
  restored: z.number().int(),
  skipped: z.number().int(),
  refused: z.number().int(),
  unknown: z.number().int(),
  /** Why the caller may not approve this pending rollback (contract/four-eyes.ts); else null. */
  ...fourEyesField,
});
export type RollbackRequest = z.infer<typeof rollbackRequestSchema>;

/** One record's outcome; null while not applied yet. */
export const rollbackRecordSchema = z.object({
  recordId: z.string(),
  label: z.string().nullable(),
  /** Changed later by someone else and ticked to be included. */
  laterChanged: z.boolean(),
  outcome: z.enum(ROLLBACK_OUTCOMES).nullable(),
  /** The CRM's message of a refusal, or why a record was skipped. */
  message: z.string().nullable(),
  /** Why, as a code (null for a restored record, and for outcomes stored before the codes). */
  reason: z.enum(ROLLBACK_REASONS).nullable(),
  /** The fields written. */
  written: z.array(z.string()),
  /** How a deleted record came back: `undeleted` or `recreated` (its new id in `newRecordId`). */
  returned: z.enum(['undeleted', 'recreated']).nullable(),
  newRecordId: z.string().nullable(),
  doneAt: z.string().nullable(),
  /**
   * Who changed the record in the CRM after the request (a `changed-since` skip): their CRM user id and name, the
   * name null only while the CRM cannot be asked for it.
   */
  changedBy: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  /**
   * For a record still to be applied, what its write would change as Storico knows the record now: each field
   * (within the request's fields) with the value it goes back to (`before`) and the one it holds (`after`), so that
   * a reviewer sees what is approved. Empty once the record has an outcome, or when the rollback is rejected.
   */
  changes: z.array(fieldChangeSchema),
});
export type RollbackRecord = z.infer<typeof rollbackRecordSchema>;

/**
 * `GET /api/v3/rollback-request/?status=&page=&size=`: newest first; ADMIN and USER_{PRODUCT} get every request,
 * USER_RANA only the ones she made.
 */
export const rollbackListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ROLLBACK_STATUSES).default('PENDING'),
});

/**
 * `GET /api/v3/rollback-request/{id}?page=&size=&outcome=`: the request and a page of its records' outcomes (to
 * USER_RANA only for a request she made; another's is 404).
 */
export const rollbackDetailQuerySchema = pageQuerySchema.extend({
  outcome: z.enum([...ROLLBACK_OUTCOMES, 'pending']).optional(),
});

export const rollbackIdParamsSchema = z.object({ id: idParamSchema });
export const rollbackReviewParamsSchema = z.object({ id: idParamSchema, reviewerId: idParamSchema });

/** The request with a page of its records' outcomes (in the order they are applied). */
export const rollbackDetailSchema = rollbackRequestSchema.extend({ outcomes: pageOf(rollbackRecordSchema) });
export type RollbackDetail = z.infer<typeof rollbackDetailSchema>;
