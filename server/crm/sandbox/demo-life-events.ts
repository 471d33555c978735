import type { SandboxRecords } from './sandbox-records';

/**
 * What users of the demo org deleted lately, so a new Storico user sees deleted and merged records at once: two
 * person accounts (with their cases), three cases and one person account merged into another. Chosen by Id, so
 * every start of the same demo data picks the same records; made at start-up, so they sit in the recycle bin
 * (and the first sync stores them as deletions).
 */
export function applyDemoDeletions(records: SandboxRecords, userId: string): void {
  const byId = (a: { Id: string }, b: { Id: string }) => a.Id.localeCompare(b.Id);
  const accounts = records
    .all('Account')
    .filter((a) => a.IsPersonAccount === true)
    .sort(byId);
  const withCases = accounts.filter((a) => records.all('Case').some((c) => c.AccountId === a.Id));
  for (const account of withCases.slice(0, 2)) records.remove('Account', account.Id, userId);
  const cases = records.all('Case').sort(byId);
  for (const c of cases.filter((_, i) => i % 97 === 5).slice(0, 3)) records.remove('Case', c.Id, userId);
  const [survivor, loser] = accounts.filter((a) => records.get('Account', a.Id)).slice(-2);
  if (survivor && loser) records.merge('Account', survivor.Id, loser.Id, userId);
}
