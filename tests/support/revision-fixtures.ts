/**
 * Agents, records and revisions straight in the database, shaped as the sync stores them: each revision's `json` is
 * the CRM snapshot, `saved_at` its SystemModstamp, and sf_accounts / sf_cases follow the newest revision.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../../server/db/database';

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

const sfDateTime = (at: Date) => at.toISOString().replace('Z', '+0000');
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const dateOrNull = (value: unknown) =>
  typeof value === 'string' ? new Date(value.replace('+0000', 'Z')) : null;

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
 * Stores `snapshot` as a revision saved at `savedAt` (its SystemModstamp and LastModifiedDate set to it) and answers
 * the revision id. The record row is created when new and follows the snapshot when it is the newest revision.
 */
export async function addRevision(
  db: Db,
  object: 'Account' | 'Case',
  snapshot: Snapshot,
  savedAt: Date | string,
  source = 'sync',
): Promise<number> {
  const at = new Date(savedAt);
  const json = { ...snapshot, LastModifiedDate: sfDateTime(at), SystemModstamp: sfDateTime(at) };
  const hash = createHash('sha256').update(JSON.stringify(json)).digest('hex');
  const now = new Date();
  const created = dateOrNull(snapshot.CreatedDate);
  if (object === 'Account') {
    await db
      .insertInto('sf_accounts')
      .values({ id: snapshot.Id, updated_at: now })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const { id } = await db
      .insertInto('revision_accounts')
      .values({ account_id: snapshot.Id, saved_at: at, json: JSON.stringify(json), hash, source })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (await isNewest(db, 'revision_accounts', snapshot.Id, at))
      await db
        .updateTable('sf_accounts')
        .set({
          owner_id: text(snapshot.OwnerId),
          name: text(snapshot.Name),
          email: text(snapshot.PersonEmail),
          phone: text(snapshot.Phone),
          created_date: created,
          latest_revision_id: id,
          updated_at: now,
        })
        .where('id', '=', snapshot.Id)
        .execute();
    return id;
  }
  await db
    .insertInto('sf_cases')
    .values({ id: snapshot.Id, updated_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const { id } = await db
    .insertInto('revision_cases')
    .values({ case_id: snapshot.Id, saved_at: at, json: JSON.stringify(json), hash, source })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (await isNewest(db, 'revision_cases', snapshot.Id, at))
    await db
      .updateTable('sf_cases')
      .set({
        owner_id: text(snapshot.OwnerId),
        account_id: text(snapshot.AccountId),
        case_number: text(snapshot.CaseNumber),
        description: text(snapshot.Description),
        reason: text(snapshot.Reason),
        created_date: created,
        latest_revision_id: id,
        updated_at: now,
      })
      .where('id', '=', snapshot.Id)
      .execute();
  return id;
}

async function isNewest(
  db: Db,
  table: 'revision_accounts' | 'revision_cases',
  recordId: string,
  at: Date,
): Promise<boolean> {
  const column = table === 'revision_accounts' ? 'account_id' : 'case_id';
  const newer = await db
    .selectFrom(table)
    .select('id')
    .where(column, '=', recordId)
    .where('saved_at', '>', at)
    .executeTakeFirst();
  return newer === undefined;
}
