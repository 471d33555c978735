import { z } from 'zod';
import { textSchema } from './bounds';
import { daySchema } from './dates';
import { pageQuerySchema } from './page';

/**
 * The filters of the audit log (ADMIN): `user` is a username (case-insensitive, exact): the events of whoever has it
 * now, also those recorded under a former name, or, when nobody has it now, those recorded under it; `action` an
 * action or its prefix (`restore.` or `restore` lists every restore event), `dateFrom` / `dateTo` whole days in
 * Europe/Rome.
 */
const auditFilterFields = {
  user: textSchema(300).trim().min(1).optional(),
  action: z
    .string()
    .trim()
    .regex(/^[a-z0-9.-]{1,100}$/i, 'An action such as auth.login, or its prefix')
    .optional(),
  dateFrom: daySchema.optional(),
  dateTo: daySchema.optional(),
};
const dateOrder: [
  (f: { dateFrom?: string; dateTo?: string }) => boolean,
  { message: string; path: string[] },
] = [
  (f) => !f.dateFrom || !f.dateTo || f.dateFrom <= f.dateTo,
  { message: 'dateFrom must not be after dateTo', path: ['dateTo'] },
];

export const auditFilterSchema = z.object(auditFilterFields).refine(...dateOrder);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** `GET /api/v3/audit/` (ADMIN): the newest entry first. */
export const auditListQuerySchema = pageQuerySchema.extend(auditFilterFields).refine(...dateOrder);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** At most this many entries go into one CSV export (`GET /api/v3/audit/export.csv`): narrow the filters for more. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

/**
 * Every key an entry's `details` may hold: the server records no other (server/audit-log/audit.service.ts), and the
 * audit screen and export name each in Italian (contract/audit-texts.ts).
 */
export const AUDIT_DETAIL_KEYS = [
  // Whose changes, which object and when (rollbacks, alerts)
  'sfUserID',
  'object',
  'from',
  'to',
  'windowStart',
  'windowEnd',
  'alertId',
  // Restores, rollbacks and alerts: what was asked, written and how it ended
  'type',
  'forced',
  'recordId',
  'revisionId',
  'fields',
  'written',
  'records',
  'laterChangedIncluded',
  'changed',
  'deleted',
  'appliedRevisionId',
  'outcome',
  'returned',
  'newRecordId',
  'reviewerId',
  'request',
  'grantedAt',
  'settled',
  'reason',
  'error',
  'message',
  // Users, sign-in and sessions
  'username',
  'usernameHmac',
  'usernameLength',
  'email',
  'role',
  'before',
  'after',
  'bootstrap',
  'via',
  'source',
  'until',
  'lockCount',
  'cleared',
  'ended',
  'method',
  'url',
] as const;
export type AuditDetailKey = (typeof AUDIT_DETAIL_KEYS)[number];
export type AuditDetails = Partial<Record<AuditDetailKey, unknown>>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  /**
   * The signed-in user, or the user a sign-in named; null for the system itself (e.g. a raised alert) and for a
   * sign-in naming nobody (its details keep `usernameHmac` and `usernameLength`, never the text).
   */
  actorUsername: z.string().nullable(),
  /** The actor's username now, when the actor is a user (it differs from `actorUsername` after a rename). */
  actorCurrentUsername: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /**
   * The name Storico knows now of the CRM user the entry is about (its `sf-user:` target or its details'
   * `sfUserID`: an agent's, else one read from the CRM's User object); null when none is known.
   */
  crmUserName: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
