import { z } from 'zod';
import { isPlainUsername, USERNAME_CHARACTERS_MESSAGE } from './username-text';
import { idParamSchema, textSchema } from './bounds';
import { booleanParam, pageQuerySchema } from './page';
import { newPasswordSchema } from './password-policy';
import { roleNameSchema, roleSchema } from './roles';

/** A user as the API shows it: never the password or the TOTP secret. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  deleted: z.boolean(),
  role: roleSchema,
});
export type User = z.infer<typeof userSchema>;

export const USER_SORT_FIELDS = ['id', 'username', 'email', 'role'] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/**
 * `GET /api/v3/user/` (ADMIN): live users only. `sort` is `field,asc|desc` with a field of USER_SORT_FIELDS
 * (default `username,asc`); `filter` matches username or e-mail, case-insensitive.
 */
export const userListQuerySchema = pageQuerySchema.extend({
  sort: z
    .string()
    .regex(
      new RegExp(`^(${USER_SORT_FIELDS.join('|')})(,(asc|desc))?$`, 'i'),
      `Sort by one of ${USER_SORT_FIELDS.join(', ')}, then ,asc or ,desc`,
    )
    .or(z.literal(''))
    .optional(),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

/** A new or renamed username (sign-in takes any name an account already has): see `isPlainUsername`. */
const usernameSchema = textSchema(300)
  .trim()
  .min(1)
  .refine((name) => name === '' || isPlainUsername(name), {
    message: USERNAME_CHARACTERS_MESSAGE,
  });
const emailSchema = z.email().max(300);
/** Only the role's name is read; a whole role object ({id, name, label}) is accepted too. */
const roleRefSchema = z.object({ name: roleNameSchema });

/** `POST /api/v3/user/` (ADMIN). 409 when the username or the e-mail is already used by a live user. */
export const createUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  role: roleRefSchema,
});
export type CreateUser = z.infer<typeof createUserSchema>;

export const editUserSchema = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  role: roleRefSchema,
});
export type EditUser = z.infer<typeof editUserSchema>;

/** An administrator sets a user's password (and may set the role in the same call); it ends the user's sessions. */
export const setPasswordSchema = z.strictObject({
  password: newPasswordSchema,
  role: roleRefSchema.optional(),
});
export type SetPassword = z.infer<typeof setPasswordSchema>;

/** `PUT /api/v3/user/{id}` (ADMIN): either an edit or a password change, told apart by `password`. */
export const updateUserSchema = z.union([setPasswordSchema, editUserSchema]);
export type UpdateUser = z.infer<typeof updateUserSchema>;

/**
 * `PUT /api/v3/user/{id}/update-password` (signed-in, own id only; 403 otherwise). A wrong current password is a
 * 400 naming `body.oldPassword`. Success ends every session of the user, the caller's own included: sign in again.
 */
export const updatePasswordSchema = z.object({
  oldPassword: textSchema(40).min(1),
  newPassword: newPasswordSchema,
});
export type UpdatePassword = z.infer<typeof updatePasswordSchema>;

/** Path of every `/user/{id}...` route. */
export const userIdParamsSchema = z.object({ id: idParamSchema });

/**
 * `GET /api/v3/user/{qrToken}/qr-code`: the router needs one parameter name per path position, so the enrolment
 * token travels in the parameter called `id`.
 */
export const qrCodeParamsSchema = z.object({ id: textSchema(200).min(1) });

/**
 * `GET /api/v3/user/{id}/qr-token?reset=` (ADMIN, 'Invia QR'): a new TOTP secret and a one-use enrolment link valid
 * 24 h. A user who already signs in keeps their current secret (sign-in, restore and review codes) until they confirm
 * a code of the new one on the QR page; sign-in accepts only the current one meanwhile. `reset=true` ('Reimposta
 * autenticatore') replaces the secret at once and ends the user's sessions. A user who never signed in gets the
 * new secret at once either way: their first sign-in with it uses the link up.
 */
export const qrTokenQuerySchema = z.object({ reset: booleanParam.optional() });
export type QrTokenQuery = z.input<typeof qrTokenQuerySchema>;

/**
 * The enrolment link goes to its user: when SMTP is configured and the mail was accepted, it was e-mailed to them
 * (`emailed: true`) and the answer holds neither the link nor its token (the token opens the QR page as the link
 * does); otherwise (`emailed: false`) the administrator gets both to pass on. Either way the administrator may not
 * approve that user's requests for FOUR_EYES_COOLDOWN_DAYS (contract/four-eyes.ts).
 */
// A plain union: a discriminated one would bring zod's code for it into the first screens' bundle.
export const qrTokenSchema = z.union([
  z.object({ emailed: z.literal(true) }),
  /** `url`: `PUBLIC_URL/2fa/{qrToken}`. */
  z.object({ qrToken: z.string(), url: z.string(), emailed: z.literal(false) }),
]);
/** The answer without SMTP (or when the mail was not accepted): the link for the administrator to pass on. */
export const qrLinkSchema = qrTokenSchema.options[1];
export type QrToken = z.infer<typeof qrTokenSchema>;

/** `GET /api/v3/user/{qrToken}/qr-code` (public): 401 when the link is unknown, used, replaced or expired. */
export const qrCodeSchema = z.object({
  /** PNG data URL of the `otpauth://totp/...` URI. */
  qrCode: z.string(),
  /** The base32 secret, for typing into an authenticator by hand. */
  secretKey: z.string(),
  /** The secret waits beside the user's current one: the page asks for a first code of it ('Conferma'). */
  confirm: z.boolean(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

/**
 * `POST /api/v3/user/{qrToken}/confirm?code=` (public, 'Conferma' on the QR page): a code of the waiting secret makes
 * it the user's, uses the link up and ends the user's sessions. 400 INVALID_CODE for a wrong code, counted like a
 * failed sign-in of the account from the caller's address (429 LOCKED on the fifth); 401 ENROLMENT_EXPIRED for a
 * link unknown, used, replaced or expired; 409 NOTHING_TO_CONFIRM when no secret waits.
 */
export const confirmEnrolmentQuerySchema = z.object({ code: z.string().regex(/^\d{6}$/) });
export type ConfirmEnrolmentQuery = z.infer<typeof confirmEnrolmentQuerySchema>;

export const ENROLMENT_TTL_HOURS = 24;

/**
 * `DELETE /api/v3/user/{id}/locks` (ADMIN): lifts every sign-in and code lock of the user, from every address and
 * browser; `cleared` counts the locks that were in force.
 */
export const clearLocksSchema = z.object({ cleared: z.number().int() });
export type ClearLocks = z.infer<typeof clearLocksSchema>;
