import type {
  CrmFieldInfo,
  ApiUsage,
  ChangedIds,
  ChangedPage,
  CrmAgent,
  CrmConnector,
  CrmObject,
  CrmRecord,
  DeletedLookup,
  DeletedSince,
  RecordState,
  RelatedObject,
  SyncedObject,
} from '../crm-connector';
import { SalesforceConnection, type ConnectionOptions, type ConnectorLogger } from './connection';
import { FieldPlans } from './describe';
import { neverEmptyFields, writableFields } from './field-plan';
import { ApiLimits } from './limits';
import { RecordQueries } from './queries';
import { RecycleBin } from './recycle-bin';
import { RecordWrites } from './writes';

export type SalesforceConnectorOptions = ConnectionOptions & {
  /**
   * The API name of the org's re-create key field on Account and Case (SF_RECREATE_KEY_FIELD): a Text External ID
   * field a re-created record holds its purged predecessor's Id in (recreate-key.ts).
   */
  recreateKeyField?: string;
};

/**
 * Reads and writes Salesforce through its REST API (jsforce), authenticated by the client credentials flow. Each
 * concern lives in a file of its own: the connection (connection.ts), describe and the field plan (describe.ts),
 * reads and paging (queries.ts), writes (writes.ts), the recycle bin (recycle-bin.ts), the API limits (limits.ts).
 */
export class SalesforceConnector implements CrmConnector {
  private readonly limits = new ApiLimits();
  private readonly connection: SalesforceConnection;
  private readonly plans: FieldPlans;
  private readonly queries: RecordQueries;
  private readonly writes: RecordWrites;
  private readonly recycleBin: RecycleBin;

  constructor(options: SalesforceConnectorOptions) {
    this.connection = new SalesforceConnection(options, this.limits);
    this.plans = new FieldPlans(this.connection, options.recreateKeyField);
    this.queries = new RecordQueries(this.connection, this.plans);
    this.writes = new RecordWrites(this.connection, this.plans);
    this.recycleBin = new RecycleBin(this.connection, this.plans);
  }

  /** Where missing fields are reported (the app's logger, once it exists). */
  useLogger(logger: ConnectorLogger): void {
    this.connection.logger = logger;
  }

  refreshSchema(): Promise<void> {
    return this.plans.refresh();
  }

  missingFields(): Partial<Record<CrmObject, string[]>> {
    return this.plans.missing();
  }

  binaryFields(): Partial<Record<CrmObject, string[]>> {
    return this.plans.binary();
  }

  async otherFields(object: CrmObject): Promise<CrmFieldInfo[]> {
    return (await this.plans.plan(object)).others;
  }

  schemaKnown(object: CrmObject): boolean {
    return this.plans.known(object);
  }

  async writableFields(object: CrmObject): Promise<string[]> {
    return writableFields(await this.plans.plan(object));
  }

  async neverEmptyFields(object: CrmObject): Promise<string[]> {
    return neverEmptyFields(await this.plans.plan(object));
  }

  listAgents(): Promise<CrmAgent[]> {
    return this.queries.listAgents();
  }

  userNames(ids: readonly string[]): Promise<Map<string, string>> {
    return this.queries.userNames(ids);
  }

  changedSince(object: SyncedObject, since: Date | null): AsyncGenerator<ChangedPage> {
    return this.queries.changedSince(object, since);
  }

  businessAccountsChangedSince(since: Date | null): AsyncGenerator<ChangedIds> {
    return this.queries.businessAccountsChangedSince(since);
  }

  readRecords(object: CrmObject, ids: readonly string[]): Promise<CrmRecord[]> {
    return this.queries.readRecords(object, ids);
  }

  readRecord(object: CrmObject, id: string): Promise<CrmRecord> {
    return this.queries.readRecord(object, id);
  }

  personContactId(accountId: string): Promise<string | null> {
    return this.queries.personContactId(accountId);
  }

  updateRecord(
    object: SyncedObject,
    id: string,
    fields: Record<string, unknown>,
    unmodifiedSince?: Date,
  ): Promise<void> {
    return this.writes.updateRecord(object, id, fields, unmodifiedSince);
  }

  createRecord(object: SyncedObject, fields: Record<string, unknown>, formerId: string): Promise<string> {
    return this.writes.createRecord(object, fields, formerId);
  }

  findCreated(
    object: CrmObject,
    fields: Record<string, unknown>,
    since: Date,
    formerId: string,
  ): Promise<string | null> {
    return this.writes.findCreated(object, fields, since, formerId);
  }

  undeleteRecord(object: SyncedObject, id: string): Promise<void> {
    return this.writes.undeleteRecord(object, id);
  }

  deletedSince(object: SyncedObject, since: Date | null): Promise<DeletedSince> {
    return this.recycleBin.deletedSince(object, since);
  }

  relatedOfCases(object: RelatedObject, caseIds: readonly string[]): Promise<CrmRecord[]> {
    return this.recycleBin.relatedOfCases(object, caseIds);
  }

  readRecordWithDeleted(object: CrmObject, id: string): Promise<CrmRecord | null> {
    return this.recycleBin.readRecordWithDeleted(object, id);
  }

  recordIds(object: CrmObject): Promise<Set<string>> {
    return this.recycleBin.recordIds(object);
  }

  existingIds(object: CrmObject, ids: readonly string[]): Promise<Set<string>> {
    return this.recycleBin.existingIds(object, ids);
  }

  deletedLookups(object: CrmObject, fields: Record<string, unknown>): Promise<DeletedLookup[]> {
    return this.recycleBin.deletedLookups(object, fields);
  }

  recordState(object: CrmObject, id: string): Promise<RecordState> {
    return this.recycleBin.recordState(object, id);
  }

  apiUsage(): ApiUsage | null {
    return this.limits.current();
  }

  limitExceeded(): Promise<boolean> {
    return this.limits.exceeded(this.connection);
  }

  checkLimits(): Promise<ApiUsage | null> {
    return this.limits.check(this.connection);
  }
}
