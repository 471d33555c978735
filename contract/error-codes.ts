/**
 * The stable codes a refusal carries in `error.code`, beside the English `error.message` (kept as it is for
 * callers that read it: docs/product.md#server-messages-and-error-codes). Clients branch and translate on the
 * code, never on the message. Sign-in keeps its numeric codes -1, -2, -3 (contract/auth.ts).
 */
export const ErrorCode = {
  // Any endpoint.
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL',
  /** 503 with Retry-After: Storico's own database does not answer (down, restarting, unreachable); nothing was done. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  // One-time codes (restores, reviews, settings).
  INVALID_CODE: 'INVALID_CODE',
  /** 400: a right code already used (each code works once): the next one the app shows is needed. */
  CODE_USED: 'CODE_USED',
  CODES_LOCKED: 'LOCKED',
  // Restore requests and their review.
  DUPLICATE_REQUEST: 'DUPLICATE_REQUEST',
  OWN_REQUEST: 'OWN_REQUEST',
  /**
   * 403: the reviewer created the requester, issued them an enrolment link or set their password within
   * FOUR_EYES_COOLDOWN_DAYS: another reviewer must approve (a rejection is allowed).
   */
  FOUR_EYES: 'FOUR_EYES',
  ALREADY_REVIEWED: 'ALREADY_REVIEWED',
  CLAIMED_ELSEWHERE: 'CLAIMED_ELSEWHERE',
  // The CRM a restore is written to.
  CRM_ERROR: 'CRM_ERROR',
  CRM_UNAVAILABLE: 'CRM_UNAVAILABLE',
  /** 503: the Salesforce org's API request limit is reached; try again later. */
  CRM_LIMIT: 'CRM_LIMIT',
  /**
   * 504: the restore's write was sent and the CRM did not answer; the request stays PENDING marked 'outcome
   * unknown' until a read of the record shows whether it was applied.
   */
  CRM_OUTCOME_UNKNOWN: 'CRM_OUTCOME_UNKNOWN',
  /** 409: the request's outcome is still being checked in the CRM: it cannot be reviewed until settled. */
  OUTCOME_CHECKING: 'OUTCOME_CHECKING',
  /**
   * 409: the contact is a business account in the CRM now (its record type was changed): nothing was sent, as a
   * contact's fields cannot be written onto it.
   */
  RECORD_CONVERTED: 'RECORD_CONVERTED',
  /**
   * The record was purged from the CRM and is being created again: 409 while another restore holds the re-create,
   * 504 when this restore's create went unanswered. Ten minutes on, the next attempt first looks for the record
   * that create may have made.
   */
  RECORD_RECREATING: 'RECORD_RECREATING',
  /**
   * 409: the restore would point the record at a record in the CRM's recycle bin (a case at its deleted contact),
   * which Salesforce refuses (ENTITY_IS_DELETED) and an undelete would leave so: nothing was written. The related
   * record is restored first.
   */
  RELATED_RECORD_DELETED: 'RELATED_RECORD_DELETED',
  /**
   * 409: the record was changed in the CRM after the version the restore was compared with (its LastModifiedDate is
   * later, or the CRM refused the conditional write with 412): nothing was written. The message names who changed it
   * and when (contract/record-changed.ts); a report stays pending, compared now with the newer version.
   */
  RECORD_CHANGED_SINCE: 'RECORD_CHANGED_SINCE',
  /**
   * 502: the CRM took the restore's write but holds other values right after it (a trigger, a flow or a rule of
   * the org changed them): the restore is not done; what the CRM holds is kept as the restore's revision.
   */
  RESTORE_NOT_KEPT: 'RESTORE_NOT_KEPT',
  /** 502: the CRM gave the record another owner while restoring it (an assignment rule?): the restore is not done. */
  OWNER_CHANGED: 'OWNER_CHANGED',
  // Mass-change alerts.
  ALREADY_ACKNOWLEDGED: 'ALREADY_ACKNOWLEDGED',
  // Agent rollbacks.
  /** 409: a rollback of the same agent, object and window is pending or running. */
  ROLLBACK_OPEN: 'ROLLBACK_OPEN',
  /** 409: the agent changed nothing of the object in the window (or every record is left out). */
  ROLLBACK_EMPTY: 'ROLLBACK_EMPTY',
  /** 409: only a running rollback can be stopped. */
  ROLLBACK_NOT_RUNNING: 'ROLLBACK_NOT_RUNNING',
  // Users and passwords.
  USERNAME_TAKEN: 'USERNAME_TAKEN',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  USERNAME_AND_EMAIL_TAKEN: 'USERNAME_AND_EMAIL_TAKEN',
  OWN_USER: 'OWN_USER',
  LAST_ADMIN: 'LAST_ADMIN',
  OWN_PASSWORD_ONLY: 'OWN_PASSWORD_ONLY',
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  SAME_PASSWORD: 'SAME_PASSWORD',
  /** 400: the new password is in the list of common passwords shipped with the server. */
  PASSWORD_COMMON: 'PASSWORD_COMMON',
  /** 400: the new password contains the username. */
  PASSWORD_HAS_USERNAME: 'PASSWORD_HAS_USERNAME',
  ENROLMENT_EXPIRED: 'ENROLMENT_EXPIRED',
  /** 409: 'Conferma' on an enrolment link that has no new authenticator waiting (a new user signs in instead). */
  NOTHING_TO_CONFIRM: 'NOTHING_TO_CONFIRM',
  /** 400 naming `body.fields`: a restore of chosen fields that are all ones no restore writes (`LastModifiedDate`). */
  NOTHING_TO_RESTORE: 'NOTHING_TO_RESTORE',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && (Object.values(ErrorCode) as string[]).includes(code);
