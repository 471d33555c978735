import { ApiSchemas } from 'jsforce/lib/api/soap/schema';
import {
  CrmError,
  CrmOutcomeUnknown,
  type CrmErrorDetail,
  type CrmObject,
  type SyncedObject,
} from '../crm-connector';
import type { SalesforceConnection } from './connection';
import type { FieldPlans } from './describe';
import { personScope, toSnapshot } from './field-plan';
import { plannedQuery } from './planned-query';
import { checkId, ID_PATTERN } from './ids';
import { soqlDateTime, waitedQuery } from './query-pages';
import { keyHolder, withoutKey, type KeyHolder, type UpsertAnswer } from './recreate-key';
import { holdsCreate, toWriteBody } from './write-body';

function writeHeaders(object: SyncedObject): Record<string, string> {
  return {
    // Assignment Rule Header: without it REST API runs the active assignment rules on every update and insert,
    // which can hand a restored case to a queue
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/headers_autoassign.htm).
    'sforce-auto-assign': 'FALSE',
    // Duplicate Rule Header: a restored person account may match a duplicate rule; the restore is the
    // reviewed intent, so the save is allowed
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_duplicaterules.htm).
    ...(object === 'Account' ? { 'sforce-duplicate-rule-header': 'allowSave=true' } : {}),
  };
}

/** The partner WSDL's UndeleteResult, one for each id sent. */
type UndeleteAnswer = {
  result: Array<{
    id?: string | null;
    success: boolean;
    errors?: Array<{ statusCode?: string; message?: string }>;
  }>;
};

/** The writes a restore makes: an update, a create (or an upsert by the re-create key), an undelete. */
export class RecordWrites {
  constructor(
    private readonly connection: SalesforceConnection,
    private readonly plans: FieldPlans,
  ) {}

  /**
   * sObject Rows PATCH. `unmodifiedSince` goes as If-Unmodified-Since, an HTTP-date: Salesforce validates it (weakly)
   * against the record's LastModifiedDate and, when the record was modified after it, writes nothing and answers 412
   * Precondition Failed (REST API Developer Guide, Conditional Request Headers,
   * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/intro_rest_conditional_requests.htm).
   */
  async updateRecord(
    object: SyncedObject,
    id: string,
    fields: Record<string, unknown>,
    unmodifiedSince?: Date,
  ): Promise<void> {
    checkId(object, id);
    const body = toWriteBody(await this.plans.plan(object), fields);
    const condition: Record<string, string> = unmodifiedSince
      ? { 'if-unmodified-since': unmodifiedSince.toUTCString() }
      : {};
    await this.connection.call(
      {
        method: 'PATCH',
        url: `/sobjects/${object}/${id}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...writeHeaders(object), ...condition },
      },
      `Updating ${object} ${id}`,
    );
  }

  async createRecord(
    object: SyncedObject,
    fields: Record<string, unknown>,
    formerId: string,
  ): Promise<string> {
    const plan = await this.plans.plan(object);
    if (plan.recreateKey && (object === 'Account' || object === 'Case'))
      return this.upsertByKey(object, plan.recreateKey, formerId, toWriteBody(plan, fields, 'upsert'));
    const body = toWriteBody(plan, fields, 'create');
    // sObject Create answers 201 {id, success, errors}
    // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm).
    const answer = await this.connection.call<{ id?: unknown } | undefined>(
      {
        method: 'POST',
        url: `/sobjects/${object}`,
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', ...writeHeaders(object) },
      },
      `Creating ${object}`,
    );
    // A success without the Id (a proxy's page, say) cannot say whether, or which, record was made: as with an
    // answer that never came, the record is looked for before any new create (findCreated).
    if (typeof answer?.id !== 'string' || !ID_PATTERN.test(answer.id))
      throw new CrmOutcomeUnknown(`Creating ${object}: Salesforce answered without the new record's Id`);
    return answer.id;
  }

  /**
   * The create as an upsert by the re-create key, the purged record's Id its value (sObject Rows by External ID,
   * https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html): 201 created, 200 updated
   * (the record an earlier create whose answer was lost made, whatever was changed on it since), both answering
   * its Id; 204, an update answered as API versions before 46.0 do, without a body: the Id is read by the key. 300,
   * "the external ID is matched multiple times": nothing was written, and the records holding the key are named.
   *
   * The body holds only fields describe says are both createable and updateable (toWriteBody's 'upsert'): "If the
   * external ID is matched one time, then the record is updated according to the request body"
   * (https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html), and an update naming a field
   * that is not updateable is refused whole with INVALID_FIELD_FOR_INSERT_UPDATE, as a create naming one that is not
   * createable is. A createable-only field is therefore never sent, on either path: the audit fields an org lets a
   * create set are such fields, and "this only works for INSERT, not UPSERT"
   * (https://help.salesforce.com/s/articleView?id=000176484&type=1), so a record re-created by the key takes its
   * CreatedDate from the org.
   */
  private async upsertByKey(
    object: CrmObject,
    key: string,
    formerId: string,
    body: Record<string, unknown>,
  ): Promise<string> {
    checkId(object, formerId);
    const context = `Re-creating ${object} ${formerId} by ${key}`;
    let answer: UpsertAnswer;
    try {
      answer = await this.connection.call<UpsertAnswer>(
        {
          method: 'PATCH',
          url: `/sobjects/${object}/${key}/${formerId}`,
          body: JSON.stringify(withoutKey(body, key)),
          headers: { 'content-type': 'application/json', ...writeHeaders(object) },
        },
        context,
      );
    } catch (error) {
      // jsforce reports a 300 as MULTIPLE_CHOICES (its body, the records' URLs, is read again by the key).
      if (error instanceof CrmOutcomeUnknown || !(error instanceof CrmError)) throw error;
      if (error.errorCode !== 'MULTIPLE_CHOICES') throw error;
      return this.mustFindByKey(object, key, formerId, context);
    }
    const id = answer?.id;
    return typeof id === 'string' && ID_PATTERN.test(id)
      ? id
      : this.mustFindByKey(object, key, formerId, context);
  }

  /** The record holding `value` as its key, after an upsert by it that named none. */
  private async mustFindByKey(
    object: CrmObject,
    key: string,
    value: string,
    context: string,
  ): Promise<string> {
    const id = await this.findByKey(object, key, value, context);
    if (id) return id;
    throw new CrmError(`${context}: Salesforce answered the upsert, but no record holds ${key} ${value}`);
  }

  /**
   * The record holding `value` as its key (keyHolder). QueryAll, which also sees the recycle bin: a record an
   * unanswered create made may have been deleted since, and it is still the one Storico made, to be undeleted
   * rather than made a second time (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
   */
  private async findByKey(
    object: CrmObject,
    key: string,
    value: string,
    context = `Looking for the ${object} re-created in place of ${value}`,
  ): Promise<string | null> {
    const soql = `SELECT Id, IsDeleted FROM ${object} WHERE ${key} = '${value}'`;
    const holders: KeyHolder[] = [];
    for await (const page of waitedQuery(this.connection, soql, context, 'queryAll'))
      holders.push(...page.records.map((r) => ({ id: r.Id, deleted: r.IsDeleted === true })));
    return keyHolder({ context, object, key, value }, holders);
  }

  /**
   * The record a create in place of `formerId` made: the one holding `formerId` as its key, where the org has the
   * key field. Else, or when none holds it (a create sent before the org had the field), by its values: among the
   * records created since `since` and owned as `fields` says, live or in the recycle bin (a live one first), one
   * holding every value a create of `fields` sends, which a change made since hides. SOQL filters on SystemModstamp,
   * a system field of every object that no call sets
   * (https://developer.salesforce.com/docs/atlas.en-us.object_reference.meta/object_reference/system_fields.htm): a
   * record made since then was stamped since then, where its CreatedDate is the one sent when the org lets a create
   * set audit fields. And on OwnerId, which a create sends and assignment rules do not change here (see
   * writeHeaders); the values are compared here, so a field SOQL cannot filter on (a long text area) still counts.
   */
  async findCreated(
    object: CrmObject,
    fields: Record<string, unknown>,
    since: Date,
    formerId: string,
  ): Promise<string | null> {
    const plan = await this.plans.plan(object);
    if (plan.recreateKey) {
      checkId(object, formerId);
      const id = await this.findByKey(object, plan.recreateKey, formerId);
      if (id) return id;
    }
    const sent = toWriteBody(plan, fields, 'create');
    const owner = typeof sent.OwnerId === 'string' && ID_PATTERN.test(sent.OwnerId) ? sent.OwnerId : null;
    const where = [
      ...personScope(plan),
      `SystemModstamp >= ${soqlDateTime(since)}`,
      ...(owner ? [`OwnerId = '${owner}'`] : []),
    ];
    // QueryAll, as by the key (findByKey): the record may have been deleted since, and is then undeleted, not made
    // again (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
    let deleted: string | null = null;
    const read = {
      object,
      plan,
      extra: ['IsDeleted'],
      where,
      orderBy: 'CreatedDate ASC, Id ASC',
      context: `Looking for a created ${object}`,
      resource: 'queryAll' as const,
      timeoutMs: this.connection.readTimeoutMs,
    };
    for await (const page of plannedQuery(this.connection, read)) {
      for (const record of page.records) {
        if (!holdsCreate(plan, sent, toSnapshot(plan, record))) continue;
        if (record.IsDeleted !== true) return record.Id;
        deleted ??= record.Id;
      }
    }
    return deleted;
  }

  async undeleteRecord(object: SyncedObject, id: string): Promise<void> {
    checkId(object, id);
    const context = `Undeleting ${object} ${id}`;
    // SOAP undelete(), which REST does not offer, on the partner endpoint
    // (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_undelete.htm).
    const answer = (await this.connection.invokePartner(context, (endpoint) =>
      endpoint.invoke(
        'undelete',
        // The partner WSDL's undelete element holds `ids` in its own namespace, urn:partner.soap.sforce.com
        // (elementFormDefault qualified), as the guide's sample messages show.
        { '@xmlns': 'urn:partner.soap.sforce.com', ids: [id] },
        { result: [ApiSchemas.UndeleteResult] },
        ApiSchemas,
      ),
    )) as UndeleteAnswer;
    const result = answer.result.find((r) => r.id === id) ?? answer.result[0];
    if (result?.success) return;
    const details: CrmErrorDetail[] = (result?.errors ?? []).map((e) => ({
      errorCode: e.statusCode ?? 'UNDELETE_FAILED',
      message: e.message ?? '',
    }));
    if (details.length === 0) details.push({ errorCode: 'UNDELETE_FAILED', message: 'undelete failed' });
    throw new CrmError(
      `${context}: Salesforce said ${details.map((d) => `${d.errorCode}: ${d.message}`).join('; ')}`,
      details,
    );
  }
}
