import { z } from 'zod';
import { idParamSchema } from './bounds';
import { pageQuerySchema } from './page';
import { ROLLBACK_RUNS, ROLLBACK_STATUSES } from './rollbacks';

export const ALERT_STATUSES = ['open', 'acknowledged'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** 409 of `POST /alert/{id}/ack`: someone acknowledged it first. */
export const ALREADY_ACKNOWLEDGED_MESSAGE = 'This alert has already been acknowledged';

/** `GET /api/v3/alert/?status=open|acknowledged&page=&size=` (every signed-in role): the latest window first. */
export const alertListQuerySchema = pageQuerySchema.extend({
  status: z.enum(ALERT_STATUSES).default('open'),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;

export const alertIdParamsSchema = z.object({ id: idParamSchema });

const userRefSchema = z.object({ id: z.number().int(), username: z.string() });

/**
 * The rollback requested for an alert: the open one (pending or running; there is at most one), else the latest.
 * Where it stands is told as on the rollback screens.
 */
export const alertRollbackSchema = z.object({
  id: z.number().int(),
  status: z.enum(ROLLBACK_STATUSES),
  run: z.enum(ROLLBACK_RUNS),
  stoppedAt: z.string().nullable(),
  stoppedBy: userRefSchema.nullable(),
  /** Who asked for it: USER_RANA follows only the rollbacks she asked for, a reviewer every one. */
  requestedBy: userRefSchema,
});
export type AlertRollback = z.infer<typeof alertRollbackSchema>;

export const ALERT_KINDS = ['mass-change', 'forced-restore'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/**
 * A forced restore by a user whom someone created or enrolled within FOUR_EYES_COOLDOWN_DAYS (docs/product.md#four-
 * eyes): the request (`kind` account or case, its id), who forced it, who gave them their access, how and when.
 */
export const forcedRestoreAlertSchema = z.object({
  request: z.object({ kind: z.enum(['account', 'case']), id: z.number().int() }),
  restoredBy: userRefSchema,
  grantedBy: userRefSchema,
  grant: z.enum(['created', 'enrolled']),
  grantedAt: z.string(),
});
export type ForcedRestoreAlert = z.infer<typeof forcedRestoreAlertSchema>;

/**
 * A mass change (`kind` mass-change): within [windowStart, windowEnd] the agent `sfUserID` (as `LastModifiedById`)
 * changed `changed` records of `object` and deleted `deleted`; `topFields` are the fields changed most often, with
 * how many changes touched them. An alert still going on is extended by each sync. A forced restore (`kind`
 * forced-restore, told in `forcedRestore`): one record of `object`, whose agent (owner) is `sfUserID`, restored at
 * `windowStart` (= `windowEnd`); no rollback is prepared from it.
 */
export const alertSchema = z.object({
  kind: z.enum(ALERT_KINDS).default('mass-change'),
  id: z.number().int(),
  sfUserID: z.string(),
  /**
   * The CRM user's name: an agent's first and last name (or username), anyone else's (an integration or partner
   * user) as the CRM's User object has it; null while no name is known.
   */
  agentName: z.string().nullable(),
  object: z.enum(['Account', 'Case']),
  windowStart: z.string(),
  windowEnd: z.string(),
  changed: z.number().int(),
  deleted: z.number().int(),
  topFields: z.array(z.object({ field: z.string(), count: z.number().int() })),
  acknowledgedBy: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  acknowledgedAt: z.string().nullable(),
  /** The rollback requested for the alert, if any (a request names its alert: `alertId`). */
  rollback: alertRollbackSchema.nullable(),
  forcedRestore: forcedRestoreAlertSchema.nullable().default(null),
});
export type Alert = z.infer<typeof alertSchema>;
