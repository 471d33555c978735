import { z } from 'zod';
import { idParamSchema, idSchema, textSchema } from './bounds';
import { fourEyesField } from './four-eyes';
import { pageQuerySchema } from './page';

export const RestoreType = { REPORT: 1, FORCED: 2 } as const;
export const RESTORE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type RestoreStatus = (typeof RESTORE_STATUSES)[number];

/**
 * English messages kept word for word for the callers that read them
 * (docs/product.md#server-messages-and-error-codes); clients branch on `error.code`
 * (contract/error-codes.ts).
 */
export const INVALID_TOTP_MESSAGE = 'Invalid Totp';
export const DUPLICATE_REQUEST_MESSAGE =
  'You have some requests already in pending or done for one of the revision selected';
/**
 * 429: five wrong codes in a row lock the account's restore, review and rollback codes for a while (signing in counts
 * on its own); `Retry-After` says how long.
 */
export const CODES_LOCKED_MESSAGE = 'Too many wrong codes: try again later';
/** Review refusals (403, 409, 409), translated by the client. */
export const OWN_REQUEST_MESSAGE = 'You cannot review your own request';
export const ALREADY_REVIEWED_MESSAGE = 'This request has already been reviewed';
export const CLAIMED_ELSEWHERE_MESSAGE =
  'This request has already been reviewed, or is being reviewed by someone else';
export const OUTCOME_UNKNOWN_MESSAGE =
  'The CRM did not answer the restore: whether it was applied is being checked';
export const OUTCOME_CHECKING_MESSAGE =
  'Whether this restore was applied is still being checked in the CRM: it cannot be reviewed yet';

/** `?code=`: the caller's current one-time code; checked and then spent (a replayed code is refused). */
export const otpQuerySchema = z.object({ code: textSchema(200) });

/** The most fields one request may name: more than either object's snapshot has. */
export const MAX_RESTORE_FIELDS = 100;

/**
 * The snapshot fields a restore writes, by their snapshot names (an address is one field, `BillingAddress`):
 * non-empty, each once. Which names exist depends on the object; the server checks them against its catalogue.
 */
export const restoreFieldsSchema = z
  .array(textSchema(80).min(1))
  .min(1)
  .max(MAX_RESTORE_FIELDS)
  .superRefine((fields, ctx) => {
    fields.forEach((field, index) => {
      if (fields.indexOf(field) !== index)
        ctx.addIssue({ code: 'custom', path: [index], message: `${field} is listed more than once` });
    });
  });

/**
 * `POST /api/v3/restore-account-request/?code=` and `/restore-case-request/?code=` (USER_RANA only). One
 * request per revision in `revisionIdList`, all or nothing. Type 1 (report) is created PENDING with
 * `userReviewerId` 0; type 2 (forced) is applied at once, approved by the caller (`userReviewerId` = caller's
 * id). `userCreatorId` must be the caller's own id (403 otherwise). Answers the created requests in
 * `data.query`. 400 `Invalid Totp` for a wrong or replayed code; 409 with DUPLICATE_REQUEST_MESSAGE when a
 * PENDING or APPROVED request exists for one of the revisions. `fields` (optional) limits each restore to
 * those snapshot fields, only they are written and checked on read-back; absent, every field that differs is
 * written (docs/product.md#restore-and-review-payloads). 400 naming `body.fields` for a name that is not a
 * snapshot field of the object, and with NOTHING_TO_RESTORE when every name is one no restore writes.
 */
export const createRestoreSchema = z.object({
  dateFrom: textSchema(40).min(1),
  dateTo: textSchema(40).min(1),
  restoreTypeId: z.union([z.literal(RestoreType.REPORT), z.literal(RestoreType.FORCED)]),
  userCreatorId: idSchema,
  /** 0 for a report. */
  userReviewerId: idSchema.or(z.literal(0)),
  salesforceUserId: textSchema(40).min(1).nullable().optional(),
  revisionIdList: z.array(idSchema).min(1).max(100),
  fields: restoreFieldsSchema.optional(),
});
export type CreateRestore = z.infer<typeof createRestoreSchema>;

/** `GET .../?status=&page=&size=` lists requests of one status, newest first (size 10 by default). */
export const restoreListQuerySchema = pageQuerySchema.extend({
  status: z.enum(RESTORE_STATUSES).default('PENDING'),
});

export const restoreIdParamsSchema = z.object({ id: idParamSchema });

/**
 * `POST .../{id}/review/{reviewerId}?approved=&code=` (ADMIN and USER_{PRODUCT}): PENDING requests only,
 * never the caller's own (403 OWN_REQUEST), `reviewerId` must be the caller. An approval by a reviewer who gave
 * the requester their access within FOUR_EYES_COOLDOWN_DAYS is refused (403 FOUR_EYES, see `fourEyes`). Of concurrent reviews exactly one wins; the
 * others get 409. Approving applies the restore to the CRM; a CRM failure leaves the request PENDING and
 * answers 502 with the reason. The body (optional) may repeat the review
 * (docs/product.md#restore-and-review-payloads): `{userReviewerId, restoreRequestsIdList, approved}`.
 */
export const reviewParamsSchema = z.object({
  id: idParamSchema,
  reviewerId: idParamSchema,
});
export const reviewQuerySchema = otpQuerySchema.extend({
  approved: z.enum(['true', 'false']).transform((v) => v === 'true'),
});
export const reviewBodySchema = z
  .object({
    userReviewerId: idSchema.optional(),
    restoreRequestsIdList: z.array(idSchema).max(100).optional(),
    approved: z.boolean().optional(),
  })
  .nullish();

const userRefSchema = z.object({ id: z.number().int(), username: z.string() });
const revisionRefSchema = z.object({ id: z.number().int(), json: z.string() });

const restoreRequestFields = {
  id: z.number().int(),
  createdAt: z.string(),
  /** Set when the request was approved or rejected; null while PENDING. */
  approvedAt: z.string().nullable(),
  userCreator: userRefSchema,
  userReviewer: userRefSchema.nullable(),
  restoreType: z.object({ id: z.number().int(), type: z.enum(['REPORT', 'FORCED']) }),
  status: z.object({ id: z.number().int(), status: z.enum(RESTORE_STATUSES) }),
  /** `[A, B]`: the fields that differed from the record's latest revision when the request was made. */
  differences: z.string(),
  dateFrom: z.string(),
  dateTo: z.string(),
  /** The agent selected in the search bar when the request was made. */
  salesforceUserId: z.string().nullable(),
  /**
   * How an applied restore of a record deleted in the CRM brought it back: `undeleted` (out of the recycle bin, same
   * id) or `recreated` (it had been purged: a new record, id in `newRecordId`); null for a live record or while the
   * request is not applied.
   */
  outcome: z.enum(['undeleted', 'recreated']).nullable().default(null),
  newRecordId: z.string().nullable().default(null),
  /**
   * Set (ISO time) while the CRM never answered the restore's write: the request stays PENDING, shown as 'Esito in
   * verifica', and cannot be reviewed until a read of the record shows whether it was applied.
   */
  outcomeUnknownSince: z.string().nullable().default(null),
  /** The snapshot fields the restore writes (the others are left as the CRM holds them); null: every field. */
  fields: z.array(z.string()).nullable().default(null),
  /** In the lists and a request's detail: why the caller may not approve it (contract/four-eyes.ts); else null. */
  ...fourEyesField,
};

/** A contact restore request; `revisionAccount.json` is the target snapshot. */
export const accountRestoreRequestSchema = z.object({
  ...restoreRequestFields,
  accountId: z.string(),
  accountName: z.string().nullable(),
  revisionAccount: revisionRefSchema,
});
export type AccountRestoreRequest = z.infer<typeof accountRestoreRequestSchema>;

/** A case restore request; `revisionCase.json` is the target snapshot. */
export const caseRestoreRequestSchema = z.object({
  ...restoreRequestFields,
  caseId: z.string(),
  /**
   * How many of the case's e-mails and comments came back with it when the restore took it out of the recycle bin
   * (Salesforce undeletes them with their case); 0 otherwise.
   */
  relatedRestored: z.number().int().default(0),
  caseNumber: z.string().nullable(),
  revisionCase: revisionRefSchema,
});
export type CaseRestoreRequest = z.infer<typeof caseRestoreRequestSchema>;
