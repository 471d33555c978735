import { z } from 'zod';
import { daySchema } from './dates';
import { pageQuerySchema } from './page';

/**
 * The filters of the audit log (ADMIN): `user` is a username (case-insensitive, exact), `action` an action or its
 * prefix (`restore.` or `restore` lists every restore event), `dateFrom` / `dateTo` whole days in Europe/Rome.
 */
const auditFilterFields = {
  user: z.string().trim().min(1).max(300).optional(),
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

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  /** The signed-in user, or the username a sign-in named; null for the system itself (e.g. a raised alert). */
  actorUsername: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  ip: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
