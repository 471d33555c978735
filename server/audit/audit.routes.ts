import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUDIT_EXPORT_MAX_ROWS,
  auditEntrySchema,
  auditFilterSchema,
  auditListQuerySchema,
  type AuditEntry,
  type AuditFilter,
} from '../../contract/audit';
import { envelopeOf, errorResponses } from '../../contract/envelope';
import { pageOf } from '../../contract/page';
import { rolesAllowed } from '../../contract/permissions';
import type { Db } from '../db/database';
import { envelope } from '../http/envelope';
import { pageWindow, toPage } from '../http/paging';
import { AUDIT_CSV_HEADER, auditCsvLine, csvLine } from './audit-csv';
import { crmUserNamesOf } from './audit-crm-users';
import { nextDay, romeMidnight } from '../db/rome-days';
import {
  auditEntriesInBatches,
  currentUsernames,
  listAuditEntries,
  userIdsNamed,
  type AuditLogFilter,
  type AuditRow,
} from './audit.repository';

/**
 * The filters' days are whole days in Rome: [dateFrom 00:00, dateTo 24:00). The user is whoever has that username
 * now, so their events recorded under a former name are found too; a name nobody has now is looked for as recorded
 * (a former name, or one typed at sign-in).
 */
async function logFilter(db: Db, f: AuditFilter): Promise<AuditLogFilter> {
  const userIds = f.user ? await userIdsNamed(db, f.user) : [];
  return {
    actor: !f.user ? undefined : userIds.length > 0 ? { userIds } : { username: f.user },
    action: f.action,
    from: f.dateFrom ? romeMidnight(f.dateFrom) : undefined,
    before: f.dateTo ? romeMidnight(nextDay(f.dateTo)) : undefined,
  };
}

const errors = errorResponses(400, 401, 403);

const toEntry = (
  row: AuditRow,
  names: Map<number, string>,
  crmUserName: (row: AuditRow) => string | null,
): AuditEntry => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actorUserId: row.actor_user_id,
  actorUsername: row.actor_username,
  actorCurrentUsername: row.actor_user_id === null ? null : (names.get(row.actor_user_id) ?? null),
  action: row.action,
  target: row.target,
  ip: row.ip,
  details: row.details,
  crmUserName: crmUserName(row),
});

/** The audit log for administrators: a filtered page, and the same filters as a CSV file. */
export async function auditRoutes(
  app: FastifyInstance,
  { db, productCode }: { db: Db; productCode: string },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const readers = { access: rolesAllowed('readAudit', productCode) };

  r.get(
    '/audit/',
    {
      config: readers,
      schema: {
        tags: ['audit'],
        summary:
          'The audit log, newest first, filtered by user (whoever has that username now, under any former name too), action (or its prefix) and Rome days',
        querystring: auditListQuerySchema,
        response: { 200: envelopeOf(pageOf(auditEntrySchema)), ...errors },
      },
    },
    async (request) => {
      const filter = await logFilter(db, request.query);
      const { rows, total } = await listAuditEntries(db, filter, pageWindow(request.query));
      const names = await currentUsernames(
        db,
        rows.flatMap((row) => (row.actor_user_id === null ? [] : [row.actor_user_id])),
      );
      const crmUserName = await crmUserNamesOf(db, rows);
      return envelope(
        toPage(
          rows.map((row) => toEntry(row, names, crmUserName)),
          total,
          request.query,
        ),
      );
    },
  );

  r.get(
    '/audit/export.csv',
    {
      config: readers,
      schema: {
        tags: ['audit'],
        summary: `The filtered audit log as CSV (UTF-8 with a byte order mark, fields separated by semicolons, Italian column names; each entry's time in Rome and in UTC, its action's Italian name and code, its target in Italian and its details as recorded JSON; newest first, at most ${AUDIT_EXPORT_MAX_ROWS} entries)`,
        querystring: auditFilterSchema,
        response: {
          200: {
            description: 'The entries as CSV, sent as a download',
            content: { 'text/csv': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const filter = await logFilter(db, request.query);
      async function* lines() {
        // A byte-order mark: spreadsheets then read the accented names as UTF-8.
        yield `\uFEFF${csvLine(AUDIT_CSV_HEADER)}`;
        for await (const rows of auditEntriesInBatches(db, filter, {
          batch: 1000,
          max: AUDIT_EXPORT_MAX_ROWS,
        })) {
          const crmUserName = await crmUserNamesOf(db, rows);
          yield rows.map((row) => auditCsvLine(row, crmUserName(row))).join('');
        }
      }
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="storico-audit-${day}.csv"`)
        .send(Readable.from(lines()) as never); // a stream is piped as it is: no response schema applies
    },
  );
}
