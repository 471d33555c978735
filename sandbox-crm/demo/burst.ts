import type { SfRecord } from '../salesforce-wire';
import { demoFaker } from './demo-draw';
import { editRecord } from './demo-edits';
import type { SandboxRecords } from '../records/sandbox-records';

export type BurstSpec = { username: string; count: number };

/** The burst names an agent the org does not have; the message lists the usernames it has. */
export class NoSuchAgentError extends Error {
  constructor(username: string, usernames: string[]) {
    super(`the sandbox CRM has no user '${username}'; its users are ${usernames.join(', ')}`);
    this.name = 'NoSuchAgentError';
  }
}

/** An agent by full username (`mario.rossi@storico-demo.it`) or by the part before `@`, any case. */
function findAgent(records: SandboxRecords, username: string): SfRecord | undefined {
  const wanted = username.toLowerCase();
  return records.all('User').find((u) => {
    const name = String(u.Username ?? '').toLowerCase();
    return name === wanted || name.split('@')[0] === wanted;
  });
}

const STAMPS = new Set(['LastModifiedDate', 'SystemModstamp', 'LastModifiedById']);

/** A random edit may draw the values the record already has: draw again until some field really changes. */
function realEdit(edit: () => SfRecord, before: SfRecord): SfRecord {
  for (let tries = 1; ; tries++) {
    const next = edit();
    const changed = Object.keys(next).some(
      (f) => !STAMPS.has(f) && JSON.stringify(next[f]) !== JSON.stringify(before[f]),
    );
    if (changed || tries === 20) return next;
  }
}

/**
 * A mass change on demand, so a new user can see the mass-change watch at work: the agent edits `count` person
 * accounts one after the other, now, as LastModifiedById. The next sync stores them and raises an alert once the
 * count is over the watch's thresholds. Answers the agent's id and the records edited.
 */
export function runBurst(records: SandboxRecords, spec: BurstSpec): { agentId: string; edited: string[] } {
  const agent = findAgent(records, spec.username);
  if (!agent) {
    const names = records.all('User').map((u) => String(u.Username ?? '').split('@')[0] ?? '');
    throw new NoSuchAgentError(spec.username, names);
  }
  const faker = demoFaker(Date.now() % 2 ** 31);
  const accounts = faker.helpers.shuffle(records.all('Account').filter((r) => r.IsPersonAccount === true));
  const edited: string[] = [];
  for (const account of accounts.slice(0, spec.count)) {
    const next = realEdit(() => editRecord(faker, 'Account', account, records.now()), account);
    next.LastModifiedById = agent.Id;
    edited.push(records.save('Account', next).Id);
  }
  return { agentId: agent.Id, edited };
}
