import type { Db } from '../db/database';

export async function insertQrToken(
  db: Db,
  token: { userId: number; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('qr_tokens')
    .values({
      user_id: token.userId,
      token_hash: token.tokenHash,
      created_at: token.createdAt,
      expires_at: token.expiresAt,
    })
    .execute();
}

/** Closes the user's open links (neither used nor replaced) as `how`, at `at`; returns how many there were. */
async function closeOpenQrTokens(
  db: Db,
  userId: number,
  how: 'used_at' | 'superseded_at',
  at: Date,
): Promise<number> {
  const rows = await db
    .updateTable('qr_tokens')
    .set({ [how]: at })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('superseded_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/** Marks the user's unused links as replaced; returns how many there were. */
export const supersedeOpenQrTokens = (db: Db, userId: number, at: Date) =>
  closeOpenQrTokens(db, userId, 'superseded_at', at);

/** Marks the user's open link used (first sign-in, or confirmation, with the new secret); returns how many were open. */
export const useOpenQrTokens = (db: Db, userId: number, at: Date) =>
  closeOpenQrTokens(db, userId, 'used_at', at);

export const findQrTokenWithUser = (db: Db, tokenHash: string) =>
  db
    .selectFrom('qr_tokens')
    .innerJoin('users', 'users.id', 'qr_tokens.user_id')
    .select([
      'qr_tokens.expires_at',
      'qr_tokens.used_at',
      'qr_tokens.superseded_at',
      'users.id as user_id',
      'users.username',
      'users.deleted',
      'users.totp_secret_enc',
      'users.totp_pending_secret_enc',
      'users.totp_last_step',
    ])
    .where('qr_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
