import { sql, type Kysely, type Migration } from 'kysely';

/** A migration made of plain SQL statements, run in order (each list undoes the other). */
export const statementsMigration = (up: readonly string[], down: readonly string[]): Migration => ({
  async up(db: Kysely<unknown>): Promise<void> {
    for (const statement of up) await sql.raw(statement).execute(db);
  },
  async down(db: Kysely<unknown>): Promise<void> {
    for (const statement of down) await sql.raw(statement).execute(db);
  },
});
