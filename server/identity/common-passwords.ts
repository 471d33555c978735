import { dictionary } from '@zxcvbn-ts/language-common';
import { ErrorCode } from '../../contract/error-codes';
import { passwordContainsUsername } from '../../contract/password-policy';
import { badRequest } from '../http/http-error';

/**
 * zxcvbn-ts's list of about 49,000 common passwords (lower-case, shipped in the package: no network call). A new
 * password is refused when it is in the list, or when what is left after its leading and trailing digits and symbols
 * is (`Password2024!` is `password` with the decorations every policy asks for).
 */
let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'] as string[]));

const DECORATION = /^[\p{Nd}\p{P}\p{S}\s]+|[\p{Nd}\p{P}\p{S}\s]+$/gu;
const MIN_CORE = 6;

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const core = lower.replace(DECORATION, '');
  return commonPasswords().has(lower) || (core.length >= MIN_CORE && commonPasswords().has(core));
}

/** 400 naming `field` when a new password is common or contains the username. */
export function refuseWeakPassword(password: string, username: string, field: string): void {
  if (passwordContainsUsername(password, username))
    throw badRequest(field, 'The password must not contain the username', ErrorCode.PASSWORD_HAS_USERNAME);
  if (isCommonPassword(password))
    throw badRequest(field, 'The password is too common', ErrorCode.PASSWORD_COMMON);
}
