import { z } from 'zod';
import { brokenPasswordRules, passwordContainsUsername } from '@contract/password-policy';
import { it } from '@/i18n/it';

/**
 * A new password checked against the contract's rules, one Italian message per broken rule (the form shows the
 * first; the rule list beside the field shows them all).
 */
export const newPasswordField = z.string().superRefine((password, ctx) => {
  for (const id of brokenPasswordRules(password))
    ctx.addIssue({ code: 'custom', message: it.passwordRules.rules[id] });
});

/**
 * The 'confirmation must match' check of docs/product.md#password-rules, for an object schema's
 * `.superRefine`.
 */
export const passwordsMatch =
  <K extends string, C extends string>(passwordKey: K, confirmKey: C) =>
  (value: Record<K | C, string>, ctx: z.RefinementCtx) => {
    if (value[passwordKey] !== value[confirmKey])
      ctx.addIssue({ code: 'custom', path: [confirmKey], message: it.passwordRules.mismatch });
  };

/** A password may not contain the username (the server also refuses common passwords), for `.superRefine`. */
export const passwordWithoutUsername =
  <K extends string, U extends string>(passwordKey: K, usernameKey: U) =>
  (value: Record<K | U, string>, ctx: z.RefinementCtx) => {
    if (passwordContainsUsername(value[passwordKey], value[usernameKey]))
      ctx.addIssue({ code: 'custom', path: [passwordKey], message: it.passwordRules.containsUsername });
  };
