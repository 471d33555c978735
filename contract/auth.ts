import { z } from 'zod';
import { textSchema } from './bounds';

/**
 * `POST /api/v3/auth/login?code=` with `{username, password}`.
 *
 * The server checks the password first, then the one-time code. A call without `code` checks the credentials only
 * and answers -1 or -2; a wrong password counts as a failed attempt, a right one does not. A wrong or malformed code
 * after a right password counts as a failed attempt.
 */
export const loginQuerySchema = z.object({
  code: textSchema(16).optional(),
});
export type LoginQuery = z.infer<typeof loginQuerySchema>;

export const loginBodySchema = z.object({
  username: textSchema(300),
  password: textSchema(40).min(6),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** Success: the JWT is in `data.token` (not `data.query`), as the original client reads it. */
export const loginAnswerSchema = z.object({
  timeStamp: z.string(),
  statusCode: z.number().int(),
  status: z.string(),
  message: z.string(),
  data: z.object({ token: z.string() }),
});
export type LoginAnswer = z.infer<typeof loginAnswerSchema>;

export { LoginError, type LoginErrorCode } from './login-error';

export const LOGIN_LOCKED_STATUS = 429;

/** Failures in a row (wrong password or code) that lock an account; each further lock lasts twice as long. */
export const LOGIN_MAX_FAILURES = 5;

/** The JWT's claims: `id`, `sub` (username), `role`, `jti` (the session), `iat`, `exp` (12 h). */
export const tokenClaimsSchema = z.object({
  id: z.number().int(),
  sub: z.string(),
  role: z.string(),
  jti: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type TokenClaims = z.infer<typeof tokenClaimsSchema>;

/**
 * `POST /api/v3/auth/logout` (signed-in): ends the caller's session; the token is refused (401) afterwards.
 * @public (documents the answer; the client does not read it)
 */
export const logoutAnswerSchema = z.null();

/** One open session of the caller: `GET /api/v3/auth/sessions` (signed-in), newest use first. */
export const sessionSchema = z.object({
  id: z.string(),
  startedAt: z.string(),
  lastUsedAt: z.string(),
  ip: z.string().nullable(),
  /** The browser's User-Agent at sign-in. */
  browser: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
export const sessionListSchema = z.array(sessionSchema);

/**
 * `DELETE /api/v3/auth/sessions/{id}` (signed-in): ends one of the caller's own sessions (404 for any other).
 * `POST /api/v3/auth/sessions/end-others` (signed-in): ends every session of the caller but this one; answers how many.
 */
export const sessionParamsSchema = z.object({ id: textSchema(64).min(1) });
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
