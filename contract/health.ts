import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    /** `unreachable`: migrated, but not answering now (PostgreSQL down, restarting, or refusing connections). */
    database: z.enum(['ok', 'pending', 'failed', 'unreachable']),
    /** `limited`: the CRM's API usage is at SF_API_MAX_USAGE or its daily limit is exceeded. */
    sync: z.enum(['ok', 'pending', 'running', 'failed', 'disabled', 'limited']),
  }),
  progress: z.string().optional(),
  /**
   * Which instance started the last CRM sync, and when (ISO 8601): one run per interval across instances. This and
   * the two below are shown to a caller holding METRICS_TOKEN as its bearer token only.
   */
  lastSync: z.object({ instance: z.string(), startedAt: z.string() }).optional(),
  /** Catalogued CRM fields the org lacks or hides from the integration user, by object: left out of snapshots. */
  missingFields: z.record(z.string(), z.array(z.string())).optional(),
  /** Readable CRM fields left out of snapshots because they hold binary data (base64), by object. */
  binaryFields: z.record(z.string(), z.array(z.string())).optional(),
  /** The CRM's daily API usage as its last answer reported it. */
  apiUsage: z
    .object({ used: z.number().int(), limit: z.number().int(), fraction: z.number(), max: z.number() })
    .optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
