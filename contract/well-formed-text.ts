/*
 * Well-formed text, without zod: the forms read the message below on the first page, before the contract's schemas
 * load.
 */

/** Control characters (NUL included) and lone surrogates: never part of a name, a code or a search text. */
const ILL_FORMED = /[\p{Cc}\p{Cs}]/u;

/** The refusal of text holding them, the server's words; the forms say it in Italian. */
export const TEXT_ILL_FORMED_MESSAGE = 'Contains control characters or malformed Unicode';

export const isWellFormedText = (value: string): boolean => !ILL_FORMED.test(value);
