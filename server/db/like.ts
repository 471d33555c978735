/** A LIKE pattern matching `text` anywhere, its wildcards taken literally; compare it with `lower(column)`. */
export const containsPattern = (text: string): string =>
  `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
