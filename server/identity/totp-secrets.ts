import { open, seal } from './secret-box';

/** A TOTP secret sealed for one user: it opens only on that user's row. */
const context = (userId: number) => `totp-secret:user:${userId}`;

export const sealTotpSecret = (secret: string, key: Buffer, userId: number): string =>
  seal(secret, key, context(userId));

export const openTotpSecret = (sealed: string, key: Buffer, userId: number): string =>
  open(sealed, key, context(userId));
