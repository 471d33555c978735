import { z } from 'zod';

export { ADMIN, productRole, USER_RANA } from './role-names';

export const roleNameSchema = z.string().regex(/^(ADMIN|USER_[A-Z0-9_]+)$/, 'Unknown role');
export type RoleName = z.infer<typeof roleNameSchema>;

export const roleSchema = z.object({ id: z.number().int(), name: roleNameSchema, label: z.string() });
export type Role = z.infer<typeof roleSchema>;

/** `GET /api/v3/role/` (ADMIN): the roles a user can be given, ADMIN first, then USER_{PRODUCT}, then USER_RANA. */
export const roleListSchema = z.array(roleSchema);
