import { z } from 'zod';

/** How a reviewer gave a user their access: created them, issued them an enrolment link, or set their password. */
export const ACCESS_GRANT_KINDS = ['created', 'enrolled', 'password-set'] as const;
export type AccessGrantKind = (typeof ACCESS_GRANT_KINDS)[number];

/** FOUR_EYES_COOLDOWN_DAYS when unset; 0 turns the rule off. */
export const DEFAULT_FOUR_EYES_COOLDOWN_DAYS = 30;
export const MAX_FOUR_EYES_COOLDOWN_DAYS = 365;

/** 403 FOUR_EYES, translated by the client. */
export const FOUR_EYES_MESSAGE =
  'You gave the requester their access within the cooldown: another reviewer must approve this request';

/**
 * Why the caller may not approve a request (docs/product.md#four-eyes): within FOUR_EYES_COOLDOWN_DAYS before now
 * they gave its requester their access, the latest such time `at`, in the way `reason` names; null when they may.
 * A rejection is never held back.
 */
export const fourEyesHoldSchema = z.object({
  reason: z.enum(ACCESS_GRANT_KINDS),
  at: z.string(),
});
export type FourEyesHold = z.infer<typeof fourEyesHoldSchema>;

/** The field each request answered to a reviewer carries. */
export const fourEyesField = { fourEyes: fourEyesHoldSchema.nullable().default(null) };
