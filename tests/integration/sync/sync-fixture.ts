import type { Db } from '../../../server/db/database';

/** What a run left in the database, to compare runs. */
export async function storedState(db: Db) {
  const count = async (table: 'revision_accounts' | 'revision_cases' | 'sf_accounts' | 'sf_cases') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keys = async (table: 'revision_accounts' | 'revision_cases') =>
    (await db.selectFrom(table).select(['saved_at', 'hash']).execute())
      .map((r) => `${new Date(r.saved_at).toISOString()}|${r.hash}`)
      .sort();
  // Queues that own cases are kept as owners too (inactive); agents are the CRM's users (key prefix 005).
  const agents = await db
    .selectFrom('sf_users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('id', 'like', '005%')
    .executeTakeFirstOrThrow();
  return {
    accountRevisions: await count('revision_accounts'),
    caseRevisions: await count('revision_cases'),
    agents: Number(agents.n),
    accounts: await count('sf_accounts'),
    cases: await count('sf_cases'),
    revisionKeys: [...(await keys('revision_accounts')), ...(await keys('revision_cases'))],
  };
}
