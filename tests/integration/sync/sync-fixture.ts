import type { Db } from '../../../server/db/database';
import { SalesforceConnector } from '../../../server/crm/salesforce-connector';
import type { SandboxCrm } from '../../../server/crm/sandbox/sandbox-crm';

export const fastRetry = { maxRetries: 2, minTimeoutMs: 5, factor: 2 };

export const connectorFor = (sandbox: SandboxCrm) =>
  new SalesforceConnector({
    loginUrl: sandbox.url,
    clientId: 'sandbox',
    clientSecret: 'sandbox',
    retry: fastRetry,
  });

/** What a run left in the database, to compare runs. */
export async function storedState(db: Db) {
  const count = async (
    table: 'revision_accounts' | 'revision_cases' | 'sf_users' | 'sf_accounts' | 'sf_cases',
  ) =>
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
  return {
    accountRevisions: await count('revision_accounts'),
    caseRevisions: await count('revision_cases'),
    agents: await count('sf_users'),
    accounts: await count('sf_accounts'),
    cases: await count('sf_cases'),
    revisionKeys: [...(await keys('revision_accounts')), ...(await keys('revision_cases'))],
  };
}
