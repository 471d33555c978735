import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxOrg, WriteFault } from '../org';
import type { PatchOutcome, StoredObject, WriteContext } from '../records/record-types';
import type { SfRecord } from '../salesforce-wire';
import { sendErrors } from './answers';

/** How a REST write runs: as the integration user, with the request's assignment and duplicate rule headers. */
export const writeContext = (org: SandboxOrg, request: FastifyRequest): WriteContext => ({
  userId: org.integrationUserId,
  // Assignment rules run on insert and update unless the header says FALSE.
  autoAssign: String(request.headers['sforce-auto-assign'] ?? 'TRUE').toUpperCase() !== 'FALSE',
  // Duplicate Rule Header: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/headers_duplicaterules.htm
  allowDuplicates: /allowSave\s*=\s*true/i.test(
    String(request.headers['sforce-duplicate-rule-header'] ?? ''),
  ),
  validate: org.rule ?? undefined,
});

/** A write left without an answer: the connection is dropped, or held until the fault ends. */
function hold(org: SandboxOrg, request: FastifyRequest, reply: FastifyReply, fault: WriteFault) {
  reply.hijack();
  if (fault === 'apply-and-drop') request.raw.socket.destroy();
  else org.held.add(request.raw.socket);
}

/**
 * An sObject write (create, PATCH or upsert) as the next write fault says: `save` stores it (or refuses it with its
 * errors), `answer` answers a stored one.
 */
export function faultedWrite(
  org: SandboxOrg,
  request: FastifyRequest,
  reply: FastifyReply,
  type: StoredObject,
  save: () => PatchOutcome,
  answer: (record: SfRecord) => unknown,
) {
  const fault = org.writeFault?.fault;
  if (org.writeFault && --org.writeFault.count === 0) org.writeFault = null;
  if (fault === 'fail') {
    // What Salesforce answers when an error occurs on its side: nothing is saved.
    return sendErrors(reply, 500, [
      {
        errorCode: 'UNKNOWN_EXCEPTION',
        message:
          'An unexpected error occurred. Please include this ErrorId if you contact support: 42-sandbox',
      },
    ]);
  }
  if (fault === 'busy') {
    return sendErrors(reply, 403, [
      { errorCode: 'REQUEST_LIMIT_EXCEEDED', message: 'ConcurrentPerOrgLongTxn Limit exceeded.' },
    ]);
  }
  if (fault === 'hang') return hold(org, request, reply, fault);
  const outcome = save();
  if (!outcome.ok) return sendErrors(reply, outcome.status, outcome.errors);
  if (org.trigger) org.records.save(type, org.trigger(type, outcome.record));
  return fault ? hold(org, request, reply, fault) : answer(outcome.record);
}
