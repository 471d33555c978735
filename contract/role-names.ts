/*
 * The role names, apart from the roles' schemas (roles.ts): the client's first page checks roles without loading zod.
 */
export const ADMIN = 'ADMIN';
export const USER_RANA = 'USER_RANA';

/** `USER_{PRODUCT_CODE}`, e.g. USER_STORICO. */
export const productRole = (productCode: string) => `USER_${productCode}`;
