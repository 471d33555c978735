import { roleMay } from '@contract/permissions';

export { roleLabel } from '@contract/role-names';

export const isAdmin = (role: string) => roleMay(role, 'manageUsers');
export const canSeeManagement = (role: string) => roleMay(role, 'reviewRestores');
export const canRequestRestore = (role: string) => roleMay(role, 'requestRestores');
export const canAcknowledgeAlerts = (role: string) => roleMay(role, 'acknowledgeAlerts');
export const canReadAudit = (role: string) => roleMay(role, 'readAudit');
export const canRequestRollback = (role: string) => roleMay(role, 'requestRollbacks');
export const canReviewRollbacks = (role: string) => roleMay(role, 'reviewRollbacks');
export const canFollowOwnRollbacks = (role: string) => roleMay(role, 'followOwnRollbacks');
