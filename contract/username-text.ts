/*
 * What a username may hold, without zod: the forms read the message below on the first page, before the contract's
 * schemas load.
 */

/**
 * Latin letters (accented ones too), digits and . _ - @ ', in their one Unicode form. A Cyrillic 'а', a fullwidth
 * letter or a combining mark would make a name that reads as another user's ('аdmin') in the lists, the audit log and
 * its export.
 */
const USERNAME = /^[\p{Script=Latin}0-9._@'-]+$/u;

/** The refusal of any other name, the server's words; the forms say it in Italian. */
export const USERNAME_CHARACTERS_MESSAGE = "Use Latin letters, digits and . _ - @ ' only";

export const isPlainUsername = (name: string): boolean =>
  USERNAME.test(name) && name.normalize('NFKC') === name;
