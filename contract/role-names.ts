/*
 * The role names, apart from the roles' schemas (roles.ts): the client's first page checks roles without loading zod.
 */
import { ownEntry } from './own-entry';

export const ADMIN = 'ADMIN';
export const USER_RANA = 'USER_RANA';

/**
 * The response header of every signed-in API answer naming the caller's role as the server knows it now: a role
 * changed by an administrator reaches a signed-in user's screens with their next call, not their next sign-in.
 */
export const ROLE_HEADER = 'x-storico-role';

/**
 * Beside ROLE_HEADER: the caller's username as the server knows it now, percent-encoded (a header holds no accented
 * letter safely). A user renamed by an administrator sees the new name in the header with their next call.
 */
export const USERNAME_HEADER = 'x-storico-username';

/** `USER_{PRODUCT_CODE}`, e.g. USER_STORICO. */
export const productRole = (productCode: string) => `USER_${productCode}`;

/**
 * How the roles are named on the screens, in the e-mails and in the audit export
 * (docs/product.md#roles-and-permissions).
 */
const ROLE_LABELS: Partial<Record<string, string>> = { [ADMIN]: 'Admin', [USER_RANA]: 'User Rana' };

/** 'Admin', 'User Rana', 'User Storico'. */
export function roleLabel(role: string): string {
  const known = ownEntry(ROLE_LABELS, role);
  if (known) return known;
  const product = role.replace(/^USER_/, '');
  return `User ${product.charAt(0)}${product.slice(1).toLowerCase()}`;
}
