import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxOrg } from '../org';
import { entityIsDeleted, NOT_FOUND } from '../records/record-errors';
import type { SandboxRecords } from '../records/sandbox-records';
import { isSandboxObject, type SandboxObject } from '../sandbox-schema';
import { parseSfDateTime, type SfErrorDetail, type SfRecord } from '../salesforce-wire';
import { apiVersion, sendErrors } from './answers';
import { faultedWrite, writeContext } from './writes';

/** A live record by its 18-character Id, or by the 15-character one it starts with. */
const find = (records: SandboxRecords, type: string, id: string) => {
  if (!isSandboxObject(type)) return undefined;
  return (
    records.get(type, id) ??
    (id.length === 15 ? records.all(type).find((r) => r.Id.startsWith(id)) : undefined)
  );
};

/** 404 for an id the org does not know; ENTITY_IS_DELETED for one in the recycle bin. */
const missing = (records: SandboxRecords, reply: FastifyReply, type: string, id: string) =>
  sendErrors(reply, 404, [isSandboxObject(type) && records.stored(type, id) ? entityIsDeleted() : NOT_FOUND]);

/** sObject Rows GET's answer: every field of the record, or those `fields` names. */
export const answerRecord = (
  records: SandboxRecords,
  request: FastifyRequest,
  reply: FastifyReply,
  type: SandboxObject,
  record: SfRecord,
) => {
  const asked = (request.query as Record<string, string | undefined>).fields;
  const names = asked
    ? asked.split(',').map((f) => f.trim())
    : records.schema.fields(type).map((f) => f.name);
  const fields = names.map((name) => records.schema.field(type, name));
  const unknown = names.filter((_, i) => !fields[i]);
  if (unknown.length > 0) {
    return sendErrors(reply, 400, [
      { errorCode: 'INVALID_FIELD', message: `No such column '${unknown[0]}' on sobject of type ${type}` },
    ]);
  }
  return records.answer(
    apiVersion(request.params),
    type,
    records.view(type, record),
    fields.map((field) => ({ field: field! })),
  );
};

/** An HTTP-date as RFC 9110 section 5.6.7 writes it: `Tue, 10 Aug 2015 00:00:00 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Why a PATCH's If-Unmodified-Since refuses it, if it does: the guide's weak validation against the record's
 * LastModifiedDate, to the second an HTTP-date holds; 412 when the record was modified after it, 400 for a value
 * that is no HTTP-date (REST API Developer Guide, Conditional Request Headers,
 * https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/intro_rest_conditional_requests.htm).
 */
function failedPrecondition(
  header: string | string[] | undefined,
  record: SfRecord,
): { status: number; errors: SfErrorDetail[] } | null {
  if (header === undefined) return null;
  const value = Array.isArray(header) ? header.join(', ') : header;
  const since = HTTP_DATE.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(since)) {
    const message = `If-Unmodified-Since is not a valid HTTP-date: ${value}`;
    return { status: 400, errors: [{ errorCode: 'INVALID_HEADER_VALUE', message }] };
  }
  const modified = Math.floor((parseSfDateTime(record.LastModifiedDate) ?? 0) / 1000) * 1000;
  if (modified <= since) return null;
  const message = `The requested resource has been modified since ${value}: it was last modified ${String(record.LastModifiedDate)}`;
  return { status: 412, errors: [{ errorCode: 'PRECONDITION_FAILED', message }] };
}

/** sObject Create, and sObject Rows by Id: GET, PATCH and DELETE. */
export function sobjectRowRoutes(app: FastifyInstance, org: SandboxOrg): void {
  const { records, stats } = org;
  // sObject Create: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_sobject_create.htm
  // (201 with {id, success, errors}).
  app.post('/services/data/:version/sobjects/:type', async (request, reply) => {
    const { type } = request.params as { type: string };
    if (!isSandboxObject(type) || type === 'Contact') return sendErrors(reply, 404, [NOT_FOUND]);
    stats.creates++;
    return faultedWrite(
      org,
      request,
      reply,
      type,
      () => records.create(type, request.body, writeContext(org, request)),
      (record) => reply.code(201).send({ id: record.Id, success: true, errors: [] }),
    );
  });

  // sObject Rows DELETE: 204, the record goes to the recycle bin
  // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/dome_delete_record.htm); an account
  // a live case is related to is refused with 400 DELETE_FAILED (SandboxRecords.remove).
  app.delete('/services/data/:version/sobjects/:type/:id', async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    if (!isSandboxObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    stats.deletes++;
    const record = find(records, type, id);
    if (!record) return missing(records, reply, type, id);
    const outcome = records.remove(type, record.Id, org.integrationUserId);
    if (!outcome.ok) return sendErrors(reply, outcome.status, outcome.errors);
    return reply.code(204).send();
  });

  app.get('/services/data/:version/sobjects/:type/:id', async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    const record = find(records, type, id);
    if (!record || !isSandboxObject(type)) return missing(records, reply, type, id);
    return answerRecord(records, request, reply, type, record);
  });

  app.patch('/services/data/:version/sobjects/:type/:id', async (request, reply) => {
    const { type, id } = request.params as { type: string; id: string };
    const record = find(records, type, id);
    if (!isSandboxObject(type) || type === 'Contact') return sendErrors(reply, 404, [NOT_FOUND]);
    stats.patches++;
    if (!record) return missing(records, reply, type, id);
    const refused = failedPrecondition(request.headers['if-unmodified-since'], record);
    if (refused) return sendErrors(reply, refused.status, refused.errors);
    return faultedWrite(
      org,
      request,
      reply,
      type,
      () => records.patch(type, record.Id, request.body, writeContext(org, request)),
      () => reply.code(204).send(),
    );
  });
}
