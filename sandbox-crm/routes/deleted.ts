import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxOrg } from '../org';
import { NOT_FOUND } from '../records/record-errors';
import { isSandboxObject } from '../sandbox-schema';
import { toSfDateTime } from '../salesforce-wire';
import { sendErrors } from './answers';

const dateTime = (raw: string | undefined) => {
  const at = raw ? Date.parse(raw) : Number.NaN;
  return Number.isNaN(at) ? undefined : at;
};

// sObject Get Deleted: https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api/resources_getdeleted.htm
// (answer: https://developer.salesforce.com/docs/platform/api-rest/guide/dome-get-deleted.md). Results go back
// no further than the recycle bin does, and forward no further than now. getDeleted()'s rules
// (https://developer.salesforce.com/docs/atlas.en-us.api.meta/api/sforce_api_calls_getdeleted.htm): the start
// must precede the end "by more than one minute", and a start before a purge of the recycle bin is refused
// ("If the purge has been performed before your getDeleted() call is executed, an INVALID_REPLICATION_DATE error
// is returned"); earliestDateAvailable is "the timestamp ... of the last physically deleted object". At most
// 600,000 ids: "If more than 600,000 IDs are found, EXCEEDED_ID_LIMIT is returned. You can correct the error by
// choosing start and end dates that are closer together."
export function deletedRoutes(app: FastifyInstance, { records, options, recycleBinMs }: SandboxOrg): void {
  const deletedIdLimit = options.deletedIdLimit ?? 600_000;
  const getDeleted = async (request: FastifyRequest, reply: FastifyReply) => {
    const { type } = request.params as { type: string };
    if (!isSandboxObject(type)) return sendErrors(reply, 404, [NOT_FOUND]);
    const query = request.query as Record<string, string | undefined>;
    const start = dateTime(query.start);
    const end = dateTime(query.end);
    const refuse = (message: string) =>
      sendErrors(reply, 400, [{ errorCode: 'INVALID_REPLICATION_DATE', message }]);
    if (start === undefined || end === undefined || end - start <= 60_000)
      return refuse('start and end must be date-times, start more than one minute before end');
    const purged = records.lastPurgedDeletion(type);
    if (start < purged)
      return refuse(`the recycle bin was emptied: start must be after ${toSfDateTime(purged)}`);
    const latest = Math.min(end, records.now());
    const found = records.deletedBetween(type, Math.max(start, Date.now() - recycleBinMs), latest + 1);
    if (found.length > deletedIdLimit) {
      return sendErrors(reply, 400, [
        {
          errorCode: 'EXCEEDED_ID_LIMIT',
          message: `more than ${deletedIdLimit} deleted records between start and end: choose dates closer together`,
        },
      ]);
    }
    return {
      deletedRecords: found.map((d) => ({ id: d.id, deletedDate: toSfDateTime(d.deletedAt) })),
      earliestDateAvailable: toSfDateTime(Math.max(purged, Date.now() - recycleBinMs)),
      latestDateCovered: toSfDateTime(latest),
    };
  };
  app.get('/services/data/:version/sobjects/:type/deleted', getDeleted);
  app.get('/services/data/:version/sobjects/:type/deleted/', getDeleted);
}
