import type { SfRecord } from '../salesforce-wire';
import { isDeleted, joinName } from './record-values';

/**
 * Kept on a person account made a business account: the fields of its contact, which stays in the org as the
 * business account's one contact, and can make it a person account again. Never served (view() drops it).
 */
export const FORMER_PERSON = 'sandboxFormerPerson';

/** A person account's contact fields (Account object reference, "Person Account Fields"), by their names on Account. */
const isPersonField = (name: string) =>
  ['FirstName', 'LastName', 'Salutation', 'PersonContactId'].includes(name) ||
  name.startsWith('Person') ||
  name.endsWith('__pc');

/** The contact fields of a person account, or those a business account kept from when it was one. */
export function personOf(account: SfRecord): Record<string, unknown> | undefined {
  if (account.IsPersonAccount === true) return account;
  return account[FORMER_PERSON] as Record<string, unknown> | undefined;
}

/** A person account's contact, as Salesforce keeps it behind the account (or a business account's one contact). */
export function contactOf(a: SfRecord): SfRecord {
  const person = personOf(a) ?? {};
  return {
    Id: String(person.PersonContactId),
    AccountId: a.Id,
    FirstName: person.FirstName ?? null,
    LastName: person.LastName ?? null,
    Name: joinName(person),
    Email: person.PersonEmail ?? null,
    Phone: a.Phone ?? null,
    IsPersonAccount: a.IsPersonAccount === true,
    // A person account's contact lives and dies with its account.
    IsDeleted: isDeleted(a),
    CreatedDate: a.CreatedDate,
    CreatedById: a.CreatedById ?? null,
    LastModifiedDate: a.LastModifiedDate,
    LastModifiedById: a.LastModifiedById ?? null,
    SystemModstamp: a.SystemModstamp,
  };
}

/**
 * A record type of the other family on a person account makes it a business account: its name is its
 * contact's, its contact stays in the org as the business account's contact, and the person fields are no
 * longer the account's ("You can change the record type of an account across record type families",
 * https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_guidelines_personaccounts.htm).
 */
export function toBusinessAccount(account: Record<string, unknown>): Record<string, unknown> {
  const former = Object.fromEntries(Object.entries(account).filter(([name]) => isPersonField(name)));
  const business: Record<string, unknown> = Object.fromEntries(
    Object.entries(account).filter(([name]) => !isPersonField(name)),
  );
  return { ...business, Name: joinName(account), IsPersonAccount: false, [FORMER_PERSON]: former };
}

/**
 * And back: a business account becomes a person account from its one contact. This sandbox keeps a business
 * account's contacts only for one that was a person account; any other is refused.
 */
export function toPersonAccount(account: Record<string, unknown>): Record<string, unknown> | undefined {
  const former = account[FORMER_PERSON] as Record<string, unknown> | undefined;
  if (!former) return undefined;
  const person: Record<string, unknown> = { ...account, ...former, IsPersonAccount: true };
  delete person[FORMER_PERSON];
  return person;
}
