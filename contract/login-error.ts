/*
 * The codes of a refused sign-in, apart from the sign-in's schemas (auth.ts): the sign-in page reads
 * them before zod has loaded.
 */

/** `error.code` of a refused sign-in. */
export const LoginError = {
  /** Unknown user, deleted user or wrong password: one answer for all three. HTTP 401. */
  WRONG_CREDENTIALS: -1,
  /** Wrong, missing, expired or already used one-time code. HTTP 401. */
  WRONG_CODE: -2,
  /** Too many failures: temporarily locked. HTTP 429 with a `Retry-After` header (seconds). */
  LOCKED: -3,
  /**
   * A right password for a user with no authenticator yet (made without 'Invia QR', or reset since): the link an
   * administrator sends sets one up. HTTP 401; not a failed attempt.
   */
  NOT_ENROLLED: -4,
} as const;
export type LoginErrorCode = (typeof LoginError)[keyof typeof LoginError];
