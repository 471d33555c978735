import type { CrmConnector } from '../crm/crm-connector';
import { answerWithin } from '../crm/crm-wait';
import type { Db } from '../db/database';
import { apiUsageReached } from '../sync/crm-sync';

/** How long a name read from the CRM is taken as it is before it is read again (a user may be renamed). */
export const CRM_USER_NAME_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type Deps = {
  db: Db;
  crm: CrmConnector | undefined;
  now: () => Date;
  /** SF_API_MAX_USAGE: at or above this share of the org's daily API limit the CRM is not asked. */
  maxApiUsage?: number | undefined;
};

/**
 * The display names of CRM users, by id. An agent's come from the agents sync (`sf_users`: first and last name,
 * else username). Anyone else who changes records (an integration or partner user, or an owner the sync only holds
 * a placeholder for) is asked of the CRM's User object and kept in `crm_user_names`, read again once a day; when
 * the CRM cannot be reached, or its API usage is at the cap (no query is made then), the name kept is used however
 * old, and a user never named is left out: the screens show the CRM id then.
 */
export async function crmUserNames(deps: Deps, ids: readonly string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const { db } = deps;
  const names = new Map<string, string>();
  const agents = await db
    .selectFrom('sf_users')
    .select(['id', 'username', 'first_name', 'last_name'])
    .where('id', 'in', wanted)
    .execute();
  for (const u of agents) {
    const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
    // A placeholder made for an owner not read yet holds its id as its username: no name.
    if (name || u.username !== u.id) names.set(u.id, name || u.username);
  }
  const others = wanted.filter((id) => !names.has(id));
  if (others.length === 0) return names;
  const kept = await db
    .selectFrom('crm_user_names')
    .select(['id', 'name', 'read_at'])
    .where('id', 'in', others)
    .execute();
  const now = deps.now();
  const fresh = (at: Date) => now.getTime() - new Date(at).getTime() < CRM_USER_NAME_MAX_AGE_MS;
  for (const row of kept) if (fresh(row.read_at)) names.set(row.id, row.name);
  const toRead = others.filter((id) => !names.has(id));
  const read = toRead.length > 0 ? await readNames(deps, toRead) : new Map<string, string>();
  for (const [id, name] of read) names.set(id, name);
  // Not answered (the CRM unreachable): the name kept, however old.
  for (const row of kept) if (!names.has(row.id)) names.set(row.id, row.name);
  return names;
}

/**
 * Asks the CRM and keeps what it answers, even when it answers late; what it answers within a second, else nothing
 * (the CRM cannot be asked, or does not answer).
 */
async function readNames(deps: Deps, ids: string[]): Promise<Map<string, string>> {
  if (!deps.crm || apiUsageReached(deps.crm, deps.maxApiUsage)) return new Map();
  const asked = deps.crm.userNames(ids).then(async (read) => {
    if (read.size > 0) await keepNames(deps, read);
    return read;
  });
  return answerWithin(asked, new Map<string, string>());
}

async function keepNames(deps: Deps, read: Map<string, string>): Promise<void> {
  const at = deps.now();
  await deps.db
    .insertInto('crm_user_names')
    .values([...read].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, name]) => ({ id, name, read_at: at })))
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet((eb) => ({ name: eb.ref('excluded.name'), read_at: eb.ref('excluded.read_at') })),
    )
    .execute();
}
