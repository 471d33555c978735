import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxOrg } from '../org';
import { isLongCustomText, type SandboxObject } from '../sandbox-schema';
import type { SfRecord } from '../salesforce-wire';
import { compileSoql, SoqlError, type SelectItem } from '../soql';
import { apiVersion, sendErrors } from './answers';

const CURSOR_IDLE_MS = 15 * 60_000;

/**
 * "In each REST call, the maximum length for the combined URI and headers is 16,384 bytes. [...] If the URI itself
 * exceeds this limit, the request returns a 414 URI Too Long error"
 * (https://help.salesforce.com/s/articleView?id=000386264&type=1).
 */
const MAX_URI_BYTES = 16_384;

/**
 * The most records a page holds: the batch size asked (a hint between 200 and 2,000), at most 200 when two or more
 * custom Long Text Areas are selected
 * (https://developer.salesforce.com/docs/atlas.en-us.soql_sosl.meta/soql_sosl/sforce_api_calls_soql_changing_batch_size.htm).
 */
function pageSizeOf(asked: string | undefined, select: SelectItem[], orgMax: number): number {
  const size = Math.min(asked ? Math.max(200, Math.min(2000, Number(asked))) : 2000, orgMax);
  const longTexts = select.filter((item) => !('relationship' in item) && isLongCustomText(item.field));
  return longTexts.length >= 2 ? Math.min(size, 200) : size;
}

/** The rows of a query still to be fetched by nextRecordsUrl, a page at a time. */
type Cursor = {
  version: string;
  object: SandboxObject;
  select: SelectItem[];
  rows: SfRecord[];
  size: number;
  usedAt: number;
};

/**
 * Query and QueryAll with nextRecordsUrl paging
 * (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_query.htm).
 */
export function queryRoutes(app: FastifyInstance, { records, options, stats }: SandboxOrg): void {
  const pageSize = options.pageSize ?? 2000;
  const cursors = new Map<string, Cursor>();

  const page = (locator: string, start: number) => {
    const cursor = cursors.get(locator)!;
    cursor.usedAt = Date.now();
    const end = Math.min(start + cursor.size, cursor.rows.length);
    const done = end >= cursor.rows.length;
    if (done) cursors.delete(locator);
    return {
      totalSize: cursor.rows.length,
      done,
      ...(done ? {} : { nextRecordsUrl: `/services/data/v${cursor.version}/query/${locator}-${end}` }),
      records: cursor.rows
        .slice(start, end)
        .map((r) => records.answer(cursor.version, cursor.object, r, cursor.select)),
    };
  };

  const runQuery = (all: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    stats.longestQueryUrl = Math.max(stats.longestQueryUrl, Buffer.byteLength(request.url));
    if (Buffer.byteLength(request.url) > MAX_URI_BYTES)
      return sendErrors(reply, 414, [{ errorCode: 'URI_TOO_LONG', message: 'URI Too Long' }]);
    const q = (request.query as Record<string, string | undefined>).q;
    if (!q)
      return sendErrors(reply, 400, [{ errorCode: 'MALFORMED_QUERY', message: 'A query (q) is required' }]);
    let compiled;
    try {
      compiled = compileSoql(q, records.schema);
    } catch (error) {
      if (error instanceof SoqlError) return sendErrors(reply, 400, [error.detail]);
      throw error;
    }
    const now = Date.now();
    for (const [key, c] of cursors) if (now - c.usedAt > CURSOR_IDLE_MS) cursors.delete(key);
    const matched = (all ? records.seenByQueryAll(compiled.object) : records.all(compiled.object))
      .map((r) => records.view(compiled.object, r))
      .filter(compiled.matches)
      .sort(compiled.compare);
    const rows = matched.slice(
      compiled.offset,
      compiled.limit === undefined ? undefined : compiled.offset + compiled.limit,
    );
    const asked = /batchSize=(\d+)/i.exec(String(request.headers['sforce-query-options'] ?? ''))?.[1];
    const size = pageSizeOf(asked, compiled.select, pageSize);
    const locator = `01g${randomBytes(8).toString('hex')}`;
    cursors.set(locator, {
      version: apiVersion(request.params),
      object: compiled.object,
      select: compiled.select,
      rows,
      size,
      usedAt: now,
    });
    return page(locator, 0);
  };
  app.get('/services/data/:version/query', runQuery(false));
  // QueryAll: also the records in the recycle bin; its nextRecordsUrl is a query/ one
  // (https://developer.salesforce.com/docs/atlas.en-us.api_rest.meta/api_rest/resources_queryall.htm).
  app.get('/services/data/:version/queryAll', runQuery(true));

  app.get('/services/data/:version/query/:cursor', async (request, reply) => {
    const match = /^(01g[0-9a-f]+)-(\d+)$/.exec((request.params as { cursor: string }).cursor);
    if (!match || !cursors.has(match[1]!)) {
      return sendErrors(reply, 400, [
        { errorCode: 'INVALID_QUERY_LOCATOR', message: 'invalid query locator' },
      ]);
    }
    return page(match[1]!, Number(match[2]));
  });
}
