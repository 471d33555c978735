import { ADMIN, productRole, USER_RANA } from './role-names';

/** The groups of roles a permission names: ADMIN, the staff role USER_{PRODUCT}, and USER_RANA. */
type RoleGroup = 'admin' | 'product' | 'rana';

/**
 * Who may do what: the one table both the server's route access declarations and the client's role guards read.
 * Reading the data (search, compare, history) needs only a session.
 */
const PERMISSIONS = {
  manageUsers: ['admin'],
  reviewRestores: ['admin', 'product'],
  requestRestores: ['rana'],
  /** Mass-change alerts are listed to every signed-in role; reviewers acknowledge them. */
  acknowledgeAlerts: ['admin', 'product'],
  readAudit: ['admin'],
  /** An agent's rollback is prepared like a restore report, and reviewed (and stopped) like one. */
  requestRollbacks: ['rana'],
  reviewRollbacks: ['admin', 'product'],
  /** Who requests rollbacks follows them: lists and reads the ones they made, and no one else's. */
  followOwnRollbacks: ['rana'],
} as const satisfies Record<string, readonly RoleGroup[]>;
export type Permission = keyof typeof PERMISSIONS;

/** The role names allowed, for a route's `access` (the server knows its product code). */
export function rolesAllowed(permission: Permission, productCode: string): string[] {
  const names: Record<RoleGroup, string> = {
    admin: ADMIN,
    product: productRole(productCode),
    rana: USER_RANA,
  };
  return PERMISSIONS[permission].map((group) => names[group]);
}

/** `USER_{PRODUCT}`: any user role other than USER_RANA is the company's own staff role. */
export const isProductRole = (role: string) => role.startsWith('USER_') && role !== USER_RANA;

const inGroup: Record<RoleGroup, (role: string) => boolean> = {
  admin: (role) => role === ADMIN,
  product: isProductRole,
  rana: (role) => role === USER_RANA,
};

/** Whether a role may do something, whatever the product (the client's guards and menus). */
export const roleMay = (role: string, permission: Permission): boolean =>
  PERMISSIONS[permission].some((group) => inGroup[group](role));
