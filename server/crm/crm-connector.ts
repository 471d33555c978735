import type { RelatedObject } from '../../contract/case-related';

/** The CRM objects whose revisions Storico keeps. */
export type CrmObject = 'Account' | 'Case';
export const CRM_OBJECTS: readonly CrmObject[] = ['Account', 'Case'];
export type { RelatedObject };
/** Every object the sync reads: contacts and cases, and the cases' e-mails and comments (ParentId the case). */
export type SyncedObject = CrmObject | RelatedObject;

/** A record as the CRM returned it, without the transport's `attributes`. */
export type CrmRecord = Record<string, unknown> & { Id: string };

/** A CRM user whose contacts and cases are searched. */
export type CrmAgent = {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  active: boolean;
};

/** A CRM User record as an agent. */
export function toCrmAgent(record: Record<string, unknown> & { Id: string }): CrmAgent {
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    id: record.Id,
    username: text(record.Username) ?? record.Id,
    firstName: text(record.FirstName),
    lastName: text(record.LastName),
    email: text(record.Email),
    active: record.IsActive !== false,
  };
}

/** A page of the Ids of changed records, and the newest SystemModstamp among them (ms since the epoch). */
export type ChangedIds = { ids: string[]; newest: number };

export type ChangedPage = {
  records: CrmRecord[];
  /** How many records the whole query matched, for progress reports. */
  totalSize: number;
};

/** A record deleted in the CRM: when, and its last state as the recycle bin keeps it (null once purged). */
export type DeletedRecord = {
  id: string;
  deletedAt: Date;
  /** The snapshot with `IsDeleted: true` and `MasterRecordId` (the survivor of a merge, else null). */
  snapshot: CrmRecord | null;
};

export type DeletedSince = {
  deleted: DeletedRecord[];
  /**
   * Accounts deleted as business accounts, not person accounts, with what the recycle bin keeps of them: a contact
   * made a business account and deleted before a sync saw the change is among them, as are the org's own business
   * accounts, none of Storico's. Empty for cases.
   */
  business: DeletedRecord[];
  /** Deletions up to this time are all listed: the next call may start here. */
  latestDateCovered: Date;
  /**
   * The CRM's delete log no longer reached back to the start (its recycle bin was purged since): the deletions
   * listed are those still in the recycle bin, and records purged before this call may be missing.
   */
  purgedLog: boolean;
};

/**
 * Where a record is in the CRM: live, in the recycle bin (can be undeleted), or gone for good; `business` for an
 * account the CRM holds (live or in the recycle bin) as a business account, which is no contact.
 */
export type RecordState = 'live' | 'deleted' | 'purged' | 'business';

/** A lookup a write would point at a record in the recycle bin: the snapshot field, and the record it names. */
export type DeletedLookup = { field: string; id: string };

/** One error as Salesforce reports it. */
export type CrmErrorDetail = { message: string; errorCode: string; fields?: string[] };

/** The CRM refused a call, or could not be reached; `errors` holds what it said. */
export class CrmError extends Error {
  constructor(
    message: string,
    readonly errors: CrmErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'CrmError';
  }

  /** The first error code the CRM gave, e.g. `INVALID_FIELD_FOR_INSERT_UPDATE` or `NOT_FOUND`. */
  get errorCode(): string | undefined {
    return this.errors[0]?.errorCode;
  }
}

/**
 * A write was sent and no answer came back (it timed out, or the connection dropped after sending): the CRM may
 * or may not have applied it. Only a read of the record can tell; the write must not be repeated blindly.
 */
export class CrmOutcomeUnknown extends CrmError {
  constructor(message: string) {
    super(message);
    this.name = 'CrmOutcomeUnknown';
  }
}

/**
 * Several records of the CRM hold the key a re-create goes by (the purged record's Id, in the org's re-create key
 * field), so which of them Storico made cannot be told: nothing was created or updated. A person keeps one.
 */
export class CrmDuplicateKey extends CrmError {
  constructor(
    message: string,
    readonly recordIds: string[],
  ) {
    super(message, [{ errorCode: 'MULTIPLE_CHOICES', message }]);
    this.name = 'CrmDuplicateKey';
  }
}

/** The org's daily API usage as its last answer reported it (Sforce-Limit-Info: api-usage=used/limit). */
export type ApiUsage = { used: number; limit: number };

/** A field as the screens show it: describe's label (the org's language) and type, and whether a restore writes it. */
export type CrmFieldInfo = {
  name: string;
  label: string;
  type: string;
  calculated: boolean;
  writable: boolean;
};

export interface CrmConnector {
  listAgents(): Promise<CrmAgent[]>;
  /** The names (User.Name) of the CRM users named, whatever their type; ids the CRM does not know are left out. */
  userNames(ids: readonly string[]): Promise<Map<string, string>>;
  /** Reads the org's schema (describe) again: which catalogued fields it has, which can be written. */
  refreshSchema(): Promise<void>;
  /** Catalogued fields the org lacks or hides from the integration user, by object; left out of snapshots. */
  missingFields(): Partial<Record<CrmObject, string[]>>;
  /** Readable fields left out of snapshots because they hold binary data (base64), by object. */
  binaryFields(): Partial<Record<CrmObject, string[]>>;
  /** Every field `object`'s snapshots keep beyond the catalogue, in describe's order, with its label and type. */
  otherFields(object: CrmObject): Promise<CrmFieldInfo[]>;
  /** Whether the org's describe of `object` is at hand: `writableFields` and `neverEmptyFields` then call nothing. */
  schemaKnown(object: CrmObject): boolean;
  /** The snapshot fields of `object` a restore can write in this org. */
  writableFields(object: CrmObject): Promise<string[]>;
  /**
   * The writable snapshot fields the CRM refuses to empty (describe's `nillable` false: a checkbox). A restore
   * leaves such a field as the record has it when the version restored holds no value for it.
   */
  neverEmptyFields(object: CrmObject): Promise<string[]>;
  /** A person account's contact (PersonContactId), which a case of that account names as its ContactId. */
  personContactId(accountId: string): Promise<string | null>;
  /** The daily API usage last reported by the org, or null before its first answer. */
  apiUsage(): ApiUsage | null;
  /** Asks the org for its API usage (one call). */
  checkLimits(): Promise<ApiUsage | null>;
  /** True while the org refuses calls for its daily limit (403 REQUEST_LIMIT_EXCEEDED). */
  limitExceeded(): Promise<boolean>;
  /**
   * Records of `object` changed at or after `since` (all when null), oldest change first, one page at a time; for a
   * case's e-mails and comments, every readable field of describe.
   */
  changedSince(object: SyncedObject, since: Date | null): AsyncIterable<ChangedPage>;
  /**
   * The Ids of the accounts that are not person accounts (business accounts) changed at or after `since` (all when
   * null), a page at a time: among them are contacts made business accounts since.
   */
  businessAccountsChangedSince(since: Date | null): AsyncIterable<ChangedIds>;
  /** The records named, as they are now, whether in Storico's scope or not; those the CRM does not have are left out. */
  readRecords(object: CrmObject, ids: readonly string[]): Promise<CrmRecord[]>;
  /** The record as it is now; throws a CrmError with errorCode NOT_FOUND when the CRM does not know it. */
  readRecord(object: CrmObject, id: string): Promise<CrmRecord>;
  /**
   * Writes the writable fields of `fields` (read-only ones are left out; addresses through their components),
   * without running assignment rules; throws the CRM's error when it refuses, and CrmOutcomeUnknown when the
   * write was sent but no answer came. Never repeated on its own. With `unmodifiedSince` the CRM writes nothing
   * when the record was changed after that time (CrmError PRECONDITION_FAILED).
   */
  updateRecord(
    object: SyncedObject,
    id: string,
    fields: Record<string, unknown>,
    unmodifiedSince?: Date,
  ): Promise<void>;
  /** Records of `object` deleted at or after `since` (as far back as the recycle bin goes when null). */
  deletedSince(object: SyncedObject, since: Date | null): Promise<DeletedSince>;
  /**
   * The e-mails or comments of the cases named (ParentId), live or in the recycle bin: a deleted one with
   * `IsDeleted: true`. QueryAll, so that one gone from both is known purged.
   */
  relatedOfCases(object: RelatedObject, caseIds: readonly string[]): Promise<CrmRecord[]>;
  /** The ids of every record of `object` the CRM still has, live or in its recycle bin. */
  recordIds(object: CrmObject): Promise<Set<string>>;
  /**
   * Which of `ids` the CRM still has, live or in its recycle bin, in Storico's scope or not (an account that is no
   * longer a person account is still there).
   */
  existingIds(object: CrmObject, ids: readonly string[]): Promise<Set<string>>;
  /**
   * The record as it is now, in the recycle bin too (IsDeleted true, MasterRecordId the survivor of a merge); null
   * when the CRM no longer has it.
   */
  readRecordWithDeleted(object: CrmObject, id: string): Promise<CrmRecord | null>;
  /** Whether the record lives, sits in the recycle bin, or was purged (or never existed). */
  recordState(object: CrmObject, id: string): Promise<RecordState>;
  /**
   * The lookups among `fields` (snapshot names and values, as a write takes them) that name a record in the recycle
   * bin, a merge's loser among them: a write setting one is refused (ENTITY_IS_DELETED), and a record undeleted
   * holding one points at a deleted record. Lookups to objects without a recycle bin (users, queues) are not asked.
   */
  deletedLookups(object: CrmObject, fields: Record<string, unknown>): Promise<DeletedLookup[]>;
  /** Takes the record out of the recycle bin (same Id, its cascade-deleted children with it); CrmError if refused. */
  undeleteRecord(object: SyncedObject, id: string): Promise<void>;
  /**
   * Creates a record in place of `formerId`, which the CRM no longer has, from the writable fields of `fields`,
   * without assignment rules; answers the new Id. Where the org has the re-create key field, the create is an upsert
   * by that key with `formerId` as its value: sent again, it updates the record the first one made instead of
   * making another, and several records holding the key refuse it (CrmDuplicateKey). Never repeated on its own: a
   * create whose answer is lost may have happened.
   */
  createRecord(object: SyncedObject, fields: Record<string, unknown>, formerId: string): Promise<string>;
  /**
   * The Id of the record a create in place of `formerId` made, or null: how a create whose answer was lost is
   * found, if it happened. The record holding `formerId` as its re-create key, live or in the recycle bin, where
   * the org has the key field (CrmDuplicateKey when several do); else, or when none does, one created at `since` or
   * later that holds every value a create of `fields` sends.
   */
  findCreated(
    object: CrmObject,
    fields: Record<string, unknown>,
    since: Date,
    formerId: string,
  ): Promise<string | null>;
}
