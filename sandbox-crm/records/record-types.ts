import type { SfErrorDetail, SfRecord } from '../salesforce-wire';
import type { SandboxObject, SandboxSchemaOptions } from '../sandbox-schema';

export type PatchOutcome =
  { ok: true; record: SfRecord } | { ok: false; status: 400 | 404; errors: SfErrorDetail[] };

/** The objects the sandbox stores; a person account's Contact is derived from its account. */
export type StoredObject = Exclude<SandboxObject, 'Contact'>;

export type SandboxData = {
  users: SfRecord[];
  accounts: SfRecord[];
  cases: SfRecord[];
  queues?: SfRecord[];
  recordTypes?: SfRecord[];
  /** The cases' e-mails (EmailMessage) and comments (CaseComment). */
  emails?: SfRecord[];
  comments?: SfRecord[];
};

/**
 * The org-wide sharing default of an object for the integration user's edits: Private and Read Only let a user edit
 * only records they own, unless they hold "Modify All Records" on the object (Object Reference, ObjectPermissions,
 * PermissionsModifyAllRecords); Public Read/Write lets anyone edit.
 */
export type RecordSharing = { model: 'Private' | 'Read' | 'ReadWrite'; modifyAllRecords: boolean };

export type SandboxRecordsOptions = SandboxSchemaOptions & {
  /** Sharing of Account and Case (default: Public Read/Write). */
  sharing?: Partial<Record<'Account' | 'Case', RecordSharing>>;
  /** Every change is appended here (NDJSON) and replayed at the next start. */
  changeLog?: string;
  /**
   * How long (ms) a record purged from the recycle bin is still listed by queryAll, deleted, while undelete refuses
   * it as not in the recycle bin: Salesforce may go on returning a hard-deleted record for a while (Help article
   * 000386040, https://help.salesforce.com/s/articleView?id=000386040&type=1). None by default.
   */
  purgedListedMs?: number;
};

export type WriteContext = {
  /** The user the call runs as: it becomes LastModifiedById. */
  userId: string;
  /**
   * Whether active assignment rules run. REST API's default is TRUE when the Sforce-Auto-Assign header is absent
   * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/headers_autoassign.htm).
   */
  autoAssign: boolean;
  /** Sforce-Duplicate-Rule-Header: allowSave=true lets a save through that a duplicate rule would block. */
  allowDuplicates: boolean;
  /** The org's validation rules: an error refuses the save, as FIELD_CUSTOM_VALIDATION_EXCEPTION does. */
  validate?: (object: SandboxObject, next: SfRecord) => SfErrorDetail | null;
};

export type UndeleteResult = { id: string | null; success: boolean; errors: SfErrorDetail[] };
