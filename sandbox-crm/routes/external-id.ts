import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxOrg } from '../org';
import { NOT_FOUND, unableToWrite } from '../records/record-errors';
import type { StoredObject } from '../records/record-types';
import { recordUrl } from '../records/record-values';
import type { SandboxRecords } from '../records/sandbox-records';
import { isSandboxObject, SETTABLE_AUDIT_FIELDS, type SandboxField } from '../sandbox-schema';
import type { SfErrorDetail } from '../salesforce-wire';
import { apiVersion, isObject, sendErrors } from './answers';
import { answerRecord } from './sobject-rows';
import { faultedWrite, writeContext } from './writes';

/**
 * sObject Rows by External ID (https://developer.salesforce.com/docs/platform/api-rest/guide/resources-sobject-upsert-get.html):
 * the records a value of an External ID field names. A field describe does not mark externalId is answered 404
 * NOT_FOUND, as the guide's "Incorrect external ID field" error response shows; a value several live records
 * hold, 300 with the list of them ("If the external ID is matched multiple times, then a 300 error is reported,
 * and the record isn't created or updated":
 * https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html), as their URLs.
 */
const byExternalId = (records: SandboxRecords, request: FastifyRequest, reply: FastifyReply) => {
  const params = request.params as { type: string; field: string; value: string };
  const { type } = params;
  const field =
    isSandboxObject(type) && type !== 'Contact' ? records.schema.field(type, params.field) : undefined;
  if (!field?.externalId || !isSandboxObject(type) || type === 'Contact')
    return { answered: sendErrors(reply, 404, [NOT_FOUND]) };
  const matches = records.withValue(type, field, params.value);
  if (matches.length > 1) {
    const urls = matches.map((r) => recordUrl(apiVersion(request.params), type, r.Id));
    return { answered: reply.code(300).type('application/json').send(urls) };
  }
  return { type, field, value: params.value, match: matches[0] };
};

/** Why an upsert body is refused before anything is looked at: the key in the body, or audit fields. */
function refusedUpsertBody(
  records: SandboxRecords,
  type: StoredObject,
  field: SandboxField,
  body: unknown,
): SfErrorDetail | null {
  const named = isObject(body)
    ? Object.keys(body).filter((n) => n.toLowerCase() === 'id' || records.schema.field(type, n)?.externalId)
    : [];
  if (named.length > 0) {
    return {
      errorCode: 'INVALID_FIELD',
      message: `An upsert by ${field.name} takes neither Id nor an External ID field in its body: ${named.join(', ')}`,
      fields: named,
    };
  }
  const audit = isObject(body)
    ? Object.keys(body).flatMap((n) => {
        const named = records.schema.field(type, n);
        return named?.createable && SETTABLE_AUDIT_FIELDS.has(named.name) ? [named.name] : [];
      })
    : [];
  return audit.length > 0 ? unableToWrite(audit) : null;
}

export function externalIdRoutes(app: FastifyInstance, org: SandboxOrg): void {
  const { records, stats } = org;
  app.get('/services/data/:version/sobjects/:type/:field/:value', async (request, reply) => {
    const found = byExternalId(records, request, reply);
    if ('answered' in found) return found.answered;
    if (!found.match) return sendErrors(reply, 404, [NOT_FOUND]);
    return answerRecord(records, request, reply, found.type, found.match);
  });

  // Upsert (https://developer.salesforce.com/docs/platform/api-rest/guide/dome-upsert.html): no record holds the
  // value, one is created with it (201); one does, it is updated (200 with `created: false` from API version 46.0,
  // 204 without a body before). "Do not specify Id or an external ID field in the request body or an error is
  // generated" (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_sobject_upsert_patch.htm).
  // The record it updates takes only updateable fields, as an update does (records.patch): "Update: Can be updated
  // using the API", "Create: Value for the field can be specified during create using the API"
  // (https://developer.salesforce.com/docs/platform/object-reference/guide/access-for-fields.html). Audit fields a
  // user may set on create are refused whether it creates or updates: "this only works for INSERT, not UPSERT"
  // (https://help.salesforce.com/s/articleView?id=000176484&type=1).
  app.patch('/services/data/:version/sobjects/:type/:field/:value', async (request, reply) => {
    const found = byExternalId(records, request, reply);
    if ('answered' in found) return found.answered;
    const { type, field, value, match } = found;
    const body = request.body;
    const refused = refusedUpsertBody(records, type, field, body);
    if (refused) return sendErrors(reply, 400, [refused]);
    stats.upserts++;
    const answer = { success: true, errors: [] };
    const since46 = Number.parseFloat(apiVersion(request.params)) >= 46;
    return faultedWrite(
      org,
      request,
      reply,
      type,
      () =>
        match
          ? records.patch(type, match.Id, body, writeContext(org, request))
          : records.create(
              type,
              isObject(body) ? { ...body, [field.name]: value } : body,
              writeContext(org, request),
            ),
      (record) => {
        if (!match)
          return reply.code(201).send({ id: record.Id, ...answer, ...(since46 ? { created: true } : {}) });
        return since46
          ? reply.code(200).send({ id: record.Id, ...answer, created: false })
          : reply.code(204).send();
      },
    );
  });
}
