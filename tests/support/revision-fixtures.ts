/** Agents, and revisions of contacts and cases stored the way the sync stores them. */
import type { CrmObject } from '../../server/crm/crm-connector';
import { toSfDateTime } from '../../server/crm/salesforce-dates';
import type { Db } from '../../server/db/database';
import { storeSnapshots, type RevisionSource } from '../../server/store/revision-store';

export type Snapshot = Record<string, unknown> & { Id: string };

export async function addAgent(
  db: Db,
  agent: {
    id: string;
    username: string;
    firstName?: string | null;
    lastName?: string | null;
    active?: boolean;
  },
): Promise<void> {
  await db
    .insertInto('sf_users')
    .values({
      id: agent.id,
      username: agent.username,
      first_name: agent.firstName ?? null,
      last_name: agent.lastName ?? null,
      email: `${agent.username}@crm.example`,
      active: agent.active ?? true,
      updated_at: new Date(),
    })
    .execute();
}

/** A person Account snapshot with every catalogue field; `fields` override. */
export function contactSnapshot(id: string, ownerId: string, fields: Record<string, unknown> = {}): Snapshot {
  return {
    Id: id,
    OwnerId: ownerId,
    OwnerName: 'Agent',
    Name: 'Maria Rossi',
    FirstName: 'Maria',
    LastName: 'Rossi',
    Date_of_birth__c: '1980-04-02',
    Gender__c: 'F',
    ZIP_CODE__c: '00100',
    PV__pc: null,
    PersonEmail: 'maria.rossi@example.it',
    Phone: '+39 06 1234567',
    PersonHomePhone: null,
    Fax: null,
    Website: null,
    BillingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' },
    ShippingAddress: { city: 'Roma', postalCode: '00100', country: 'Italia' },
    Description: null,
    Consent_Newsletter__pc: true,
    Last_Marketing_Contact_Date__c: null,
    Last_Newsletter_Update__pc: null,
    Type: null,
    Industry: null,
    CreatedDate: '2024-01-05T09:00:00.000+0000',
    ...fields,
  };
}

/** A Case snapshot with the fields search and comparison read; `fields` override. */
export function caseSnapshot(id: string, ownerId: string, fields: Record<string, unknown> = {}): Snapshot {
  return {
    Id: id,
    CaseNumber: '00001000',
    OwnerId: ownerId,
    AccountId: null,
    CreatedDate: '2024-01-05T09:00:00.000+0000',
    CaseOwnerName__c: 'Agent',
    Reason: 'Quality',
    Status: 'New',
    Agent__c: null,
    Subject: 'Confezione danneggiata',
    Description: 'La confezione era aperta.',
    Classify__c: null,
    Feedback_Agent__c: null,
    Secondary_Feedback_Agent__c: null,
    Product_Description__c: null,
    ...fields,
  };
}

/**
 * Stores `snapshot` through the revision store as saved at `savedAt` (its SystemModstamp and LastModifiedDate set to
 * it) and answers the new revision's id; sf_accounts / sf_cases follow the newest revision as after a sync.
 */
export async function addRevision(
  db: Db,
  object: CrmObject,
  snapshot: Snapshot,
  savedAt: Date | string,
  source: RevisionSource = 'sync',
): Promise<number> {
  const at = toSfDateTime(new Date(savedAt));
  const [result] = await storeSnapshots(
    db,
    object,
    [{ ...snapshot, LastModifiedDate: at, SystemModstamp: at }],
    source,
  );
  if (!result?.stored) throw new Error(`addRevision: ${snapshot.Id} at ${at} equals a stored revision`);
  return result.revisionId;
}
