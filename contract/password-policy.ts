import { z } from 'zod';
import { isWellFormedText, TEXT_ILL_FORMED_MESSAGE } from './well-formed-text';

/**
 * The rules a new or changed password must meet (docs/product.md#password-rules), as data: the server
 * enforces them and the client shows one line per rule id, ticking off the ones already met.
 */
export const PASSWORD_MIN_LENGTH = 10;
/** Sign-in takes passwords of at most 40 characters, so no longer one may be set. */
export const PASSWORD_MAX_LENGTH = 40;

export const passwordRules = [
  { id: 'min-length', test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'max-length', test: (p: string) => p.length <= PASSWORD_MAX_LENGTH },
  { id: 'uppercase', test: (p: string) => /\p{Lu}/u.test(p) },
  { id: 'lowercase', test: (p: string) => /\p{Ll}/u.test(p) },
  { id: 'digit', test: (p: string) => /\p{Nd}/u.test(p) },
  { id: 'special', test: (p: string) => /[^\p{L}\p{Nd}\s]/u.test(p) },
] as const;

export type PasswordRuleId = (typeof passwordRules)[number]['id'];

/** The ids of the rules `password` breaks; empty when it is acceptable. */
export function brokenPasswordRules(password: string): PasswordRuleId[] {
  return passwordRules.filter((rule) => !rule.test(password)).map((rule) => rule.id);
}

export const PASSWORD_POLICY_MESSAGE_PREFIX = 'Password does not meet the rules: ';

/** A new password; a refusal's message is the prefix followed by the broken rule ids, comma-separated. */
export const newPasswordSchema = z
  .string()
  .refine(isWellFormedText, TEXT_ILL_FORMED_MESSAGE)
  .superRefine((password, ctx) => {
    const broken = brokenPasswordRules(password);
    if (broken.length > 0)
      ctx.addIssue({ code: 'custom', message: `${PASSWORD_POLICY_MESSAGE_PREFIX}${broken.join(', ')}` });
  });

/** Shorter usernames (`al`, `it`) would refuse too many passwords by chance. */
const MIN_USERNAME_CHECKED = 3;

/** Whether the password contains the username, in any letter case (refused: it is the first thing an attacker tries). */
export function passwordContainsUsername(password: string, username: string): boolean {
  const name = username.trim().toLowerCase();
  return name.length >= MIN_USERNAME_CHECKED && password.toLowerCase().includes(name);
}
