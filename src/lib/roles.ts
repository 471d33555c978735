import { ADMIN, USER_RANA } from '@contract/roles';
import { it } from '@/i18n/it';

/** `USER_{PRODUCT}`: any user role other than USER_RANA is the company's own staff role. */
export const isProductRole = (role: string) => role.startsWith('USER_') && role !== USER_RANA;
export const isAdmin = (role: string) => role === ADMIN;
export const canSeeManagement = (role: string) => isAdmin(role) || isProductRole(role);
export const canRequestRestore = (role: string) => role === USER_RANA;

/** 'Admin', 'User Rana', 'User Storico'. */
export function roleLabel(role: string): string {
  const known = it.roles[role];
  if (known) return known;
  const product = role.replace(/^USER_/, '');
  return `User ${product.charAt(0)}${product.slice(1).toLowerCase()}`;
}
