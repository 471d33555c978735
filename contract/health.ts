import { z } from 'zod';

export const healthSchema = z.object({ status: z.literal('ok') });

export const readinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    database: z.enum(['ok', 'pending', 'failed']),
    sync: z.enum(['ok', 'pending', 'running', 'failed', 'disabled']),
  }),
  progress: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;
