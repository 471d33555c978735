import { roleMay } from '@contract/permissions';
import { it } from '@/i18n/it-first-load';

export const isAdmin = (role: string) => roleMay(role, 'manageUsers');
export const canSeeManagement = (role: string) => roleMay(role, 'reviewRestores');
export const canRequestRestore = (role: string) => roleMay(role, 'requestRestores');
export const canAcknowledgeAlerts = (role: string) => roleMay(role, 'acknowledgeAlerts');
export const canReadAudit = (role: string) => roleMay(role, 'readAudit');
export const canRequestRollback = (role: string) => roleMay(role, 'requestRollbacks');
export const canReviewRollbacks = (role: string) => roleMay(role, 'reviewRollbacks');

/** 'Admin', 'User Rana', 'User Storico'. */
export function roleLabel(role: string): string {
  const known = it.roles[role];
  if (known) return known;
  const product = role.replace(/^USER_/, '');
  return `User ${product.charAt(0)}${product.slice(1).toLowerCase()}`;
}
