import type { SfRecord } from '../salesforce-wire';
import { BUSINESS_RECORD_TYPE_ID } from './demo-data';
import type { SandboxRecords } from '../records/sandbox-records';

/** Ids of User records start with 005 (a case may be owned by a queue, a Group: 00G). */
const USER_ID_PREFIX = '005';

/**
 * What users of the demo org did lately, so a new Storico user sees every life of a record at once: two person
 * accounts deleted, each after its cases (Salesforce refuses to delete an account a case is related to, so its
 * cases are in the recycle bin too, each to be restored on its own), three more cases deleted, one person account
 * merged into another and one made a business account (its record type changed), three comments and an e-mail of
 * cases that stay (the deleted cases' own e-mails and comments go to the recycle bin with them). Chosen by Id, so every start of
 * the same demo data picks the same records; made at start-up, so the deleted ones sit in the recycle bin and the
 * first sync stores all of them. Each is done by the agent who owns the record (a deleted contact's cases by the
 * contact's owner), as in an org where agents tidy their own book: done all by one user, a dozen deletions and
 * changes within minutes would be a mass change, and the watch would raise an alert for it.
 */
export function applyDemoLifeEvents(records: SandboxRecords, integrationUserId: string): void {
  const userId = (record: SfRecord) =>
    typeof record.OwnerId === 'string' && record.OwnerId.startsWith(USER_ID_PREFIX)
      ? record.OwnerId
      : integrationUserId;
  const byId = (a: { Id: string }, b: { Id: string }) => a.Id.localeCompare(b.Id);
  const accounts = records
    .all('Account')
    .filter((a) => a.IsPersonAccount === true)
    .sort(byId);
  const withCases = accounts.filter((a) => records.all('Case').some((c) => c.AccountId === a.Id));
  for (const account of withCases.slice(0, 2)) records.removeWithCases(account.Id, userId(account));
  const cases = records.all('Case').sort(byId);
  for (const c of cases.filter((_, i) => i % 97 === 5).slice(0, 3)) records.remove('Case', c.Id, userId(c));
  // A few comments and an e-mail deleted on their own, their cases kept: each comment by its author.
  const comments = records.all('CaseComment').sort(byId);
  for (const c of comments.filter((_, i) => i % 53 === 7).slice(0, 3))
    records.remove('CaseComment', c.Id, String(c.CreatedById));
  const email = records.all('EmailMessage').sort(byId)[11];
  if (email) records.remove('EmailMessage', email.Id, String(email.CreatedById));
  const [survivor, loser] = accounts.filter((a) => records.get('Account', a.Id)).slice(-2);
  if (survivor && loser) records.merge('Account', survivor.Id, loser.Id, userId(survivor));
  // One edited since its creation: its earlier versions are in the demo history, so Storico knows it as a contact.
  const converted = withCases.find(
    (a) =>
      records.get('Account', a.Id) &&
      a.Id !== survivor?.Id &&
      a.Id !== loser?.Id &&
      a.LastModifiedDate !== a.CreatedDate,
  );
  if (converted) {
    const context = { userId: userId(converted), autoAssign: false, allowDuplicates: true };
    records.patch('Account', converted.Id, { RecordTypeId: BUSINESS_RECORD_TYPE_ID }, context);
  }
}
