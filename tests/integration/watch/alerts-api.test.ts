import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertSchema } from '../../../contract/alerts';
import { auditEntrySchema } from '../../../contract/audit';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { formatDateTimeSeconds } from '../../../contract/rome-time';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { AuditService } from '../../../server/audit-log/audit.service';
import { runMassChangeWatch } from '../../../server/watch/mass-change-watch';
import { bearer, signedInUser, testIp, type TestUser } from '../../support/auth';
import { addAgent } from '../../support/revision-fixtures';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { MINUTE, storeChanges } from './watch-fixture';

const alertPage = envelopeOf(pageOf(alertSchema));
const auditPage = envelopeOf(pageOf(auditEntrySchema));

describe.each(testDbKinds())('alerts and audit over HTTP on %s', (kind) => {
  let t: TestApp;
  const users = new Map<string, { user: TestUser; token: string }>();
  const as = (role: string) => bearer(users.get(role)!.token);
  const get = (url: string, role: string) =>
    t.app.inject({ method: 'GET', url, headers: as(role), remoteAddress: testIp() });
  let alertIds: number[];

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { API_DOCS: '1' } });
    const db = t.database.db;
    for (const role of [ADMIN, productRole(t.config.productCode), USER_RANA])
      users.set(role, await signedInUser(t, role));
    await addAgent(db, { id: '005API1', username: 'giulia.verdi', firstName: 'Giulia', lastName: 'Verdi' });
    const start = new Date(Date.now() - 5 * 60 * MINUTE);
    await storeChanges(db, { agent: '005API1', prefix: 'api-a', count: 60, start, stepMs: 30_000 });
    await storeChanges(db, {
      agent: '005API1',
      prefix: 'api-a',
      count: 60,
      start: new Date(start.getTime() + 60 * MINUTE),
      stepMs: 30_000,
      fields: () => ({ PersonEmail: 'nuovo@example.it' }),
    });
    await storeChanges(db, {
      agent: '005API2',
      prefix: 'api-c',
      count: 55,
      start,
      stepMs: 30_000,
      object: 'Case',
    });
    const report = await runMassChangeWatch({
      db,
      thresholds: { minRecords: 50, share: 1, shareMin: 10, windowMinutes: 60 },
      audit: new AuditService(db),
      productCode: t.config.productCode,
      mailer: null,
      publicUrl: 'http://storico.test',
    });
    alertIds = report.raised;
  });
  afterAll(() => t.close());

  it('lists open alerts to every role, with the agent, window, counts and top fields', async () => {
    expect(alertIds).toHaveLength(2);
    for (const role of users.keys()) {
      const res = await get('/api/v3/alert/?status=open', role);
      expect(res.statusCode, role).toBe(200);
      const page = alertPage.parse(res.json()).data.query;
      expect(page.totalElements).toBe(2);
      const account = page.content.find((a) => a.object === 'Account')!;
      expect(account).toMatchObject({
        sfUserID: '005API1',
        agentName: 'Giulia Verdi',
        changed: 60,
        deleted: 0,
        acknowledgedBy: null,
        acknowledgedAt: null,
      });
      expect(account.topFields[0]).toEqual({ field: 'PersonEmail', count: 60 });
      const unknown = page.content.find((a) => a.object === 'Case')!;
      // An agent the sync has not listed yet: no name to show.
      expect(unknown.agentName).toBeNull();
    }
    const paged = alertPage.parse((await get('/api/v3/alert/?size=1&page=1', ADMIN)).json()).data.query;
    expect(paged).toMatchObject({
      totalPages: 2,
      number: 1,
      size: 1,
      pageable: { pageNumber: 1, pageSize: 1 },
    });
  });

  it('documents the new endpoints in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: object }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v3/alert/',
        '/api/v3/alert/{id}/ack',
        '/api/v3/audit/',
        '/api/v3/audit/export.csv',
      ]),
    );
  });

  it('refuses a bad status naming the field', async () => {
    const res = await get('/api/v3/alert/?status=closed', ADMIN);
    expect(res.statusCode).toBe(400);
    expect(errorBodySchema.parse(res.json()).error.field).toContain('status');
  });

  it('lets ADMIN and USER_{PRODUCT} acknowledge, once, and keeps who and when', async () => {
    const product = productRole(t.config.productCode);
    const ack = (id: number, role: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v3/alert/${id}/ack`,
        headers: as(role),
        remoteAddress: testIp(),
      });
    expect((await ack(alertIds[0]!, USER_RANA)).statusCode).toBe(403);
    const res = await ack(alertIds[0]!, product);
    expect(res.statusCode).toBe(200);
    const acked = envelopeOf(alertSchema).parse(res.json()).data.query;
    expect(acked.acknowledgedBy).toEqual({
      id: users.get(product)!.user.id,
      username: users.get(product)!.user.username,
    });
    expect(acked.acknowledgedAt).not.toBeNull();
    const again = await ack(alertIds[0]!, ADMIN);
    expect(again.statusCode).toBe(409);
    expect(errorBodySchema.parse(again.json()).error.code).toBe('ALREADY_ACKNOWLEDGED');
    expect((await ack(999999, ADMIN)).statusCode).toBe(404);

    const open = alertPage.parse((await get('/api/v3/alert/', USER_RANA)).json()).data.query;
    expect(open.content.map((a) => a.id)).toEqual([alertIds[1]]);
    const done = alertPage.parse((await get('/api/v3/alert/?status=acknowledged', USER_RANA)).json()).data
      .query;
    expect(done.content.map((a) => a.id)).toEqual([alertIds[0]]);
  });

  it('refuses an alert id that is not a decimal database integer, and pages not in decimal, naming the field', async () => {
    for (const id of [
      '2147483648',
      '99999999999999999999',
      '0',
      '-1',
      '0x1',
      '1e0',
      '%20%201',
      '1.0',
      '+1',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v3/alert/${id}/ack`,
        headers: as(ADMIN),
        remoteAddress: testIp(),
      });
      expect([res.statusCode, errorBodySchema.parse(res.json()).error], id).toEqual([
        400,
        expect.objectContaining({ code: 'BAD_REQUEST', field: 'path.id' }),
      ]);
    }
    for (const [query, field] of [
      ['page=0x1', 'query.page'],
      ['page=1e1', 'query.page'],
      ['page=%201', 'query.page'],
      ['page=', 'query.page'],
      ['size=0x10', 'query.size'],
      ['size=1e1', 'query.size'],
      ['size=-5', 'query.size'],
    ]) {
      const res = await get(`/api/v3/alert/?${query}`, ADMIN);
      expect([res.statusCode, errorBodySchema.parse(res.json()).error?.field], query).toEqual([400, field]);
    }
    const paged = alertPage.parse((await get('/api/v3/alert/?page=00&size=01', ADMIN)).json()).data.query;
    expect([paged.number, paged.size]).toEqual([0, 1]);
  });

  it('refuses control characters in the audit filters, on the screen and in the export, naming the field', async () => {
    for (const path of ['/api/v3/audit/', '/api/v3/audit/export.csv'])
      for (const user of ['%00', 'a%00b', 'a%07b']) {
        const res = await get(`${path}?user=${user}`, ADMIN);
        expect([res.statusCode, errorBodySchema.parse(res.json()).error], `${path} ${user}`).toEqual([
          400,
          expect.objectContaining({ code: 'BAD_REQUEST', field: 'query.user' }),
        ]);
      }
  });

  it('shows the audit log to ADMIN only, filtered by user, action and days', async () => {
    const product = productRole(t.config.productCode);
    expect((await get('/api/v3/audit/', product)).statusCode).toBe(403);
    const all = auditPage.parse((await get('/api/v3/audit/?size=100', ADMIN)).json()).data.query;
    expect(all.content.map((e) => e.action)).toEqual(expect.arrayContaining(['alert.raised', 'auth.login']));
    const byAction = auditPage.parse((await get('/api/v3/audit/?action=alert', ADMIN)).json()).data.query;
    expect(new Set(byAction.content.map((e) => e.action))).toEqual(
      new Set(['alert.raised', 'alert.acknowledged']),
    );
    const productUser = users.get(product)!.user.username;
    const byUser = auditPage.parse(
      (await get(`/api/v3/audit/?user=${productUser.toUpperCase()}&size=100`, ADMIN)).json(),
    ).data.query;
    expect(byUser.totalElements).toBeGreaterThan(0);
    expect(byUser.content.every((e) => e.actorUsername === productUser)).toBe(true);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Rome' });
    const inDays = auditPage.parse(
      (await get(`/api/v3/audit/?dateFrom=${today}&dateTo=${today}`, ADMIN)).json(),
    ).data.query;
    expect(inDays.totalElements).toBe(all.totalElements);
    const before = auditPage.parse(
      (await get('/api/v3/audit/?dateFrom=2020-01-01&dateTo=2020-01-31', ADMIN)).json(),
    ).data.query;
    expect(before.totalElements).toBe(0);
    const reversed = await get('/api/v3/audit/?dateFrom=2020-02-01&dateTo=2020-01-31', ADMIN);
    expect(reversed.statusCode).toBe(400);
    expect(errorBodySchema.parse(reversed.json()).error.field).toContain('dateTo');
  });

  it('exports the filtered log as CSV, quoted and safe for spreadsheets', async () => {
    await t.database.db
      .insertInto('audit_log')
      .values({
        action: 'auth.login-failed',
        actor_username: '=HYPERLINK("x"),a',
        ip: '10.0.0.1',
        target: 'account:riga\n"due"',
        details: JSON.stringify({ note: 'a,b' }),
      })
      .execute();
    expect((await get('/api/v3/audit/export.csv', productRole(t.config.productCode))).statusCode).toBe(403);
    const res = await get('/api/v3/audit/export.csv?action=auth.login-failed', ADMIN);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="storico-audit-/);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      'ID;Data e ora (ora italiana);Data e ora (UTC);ID utente;Utente;Azione;Codice azione;Oggetto;Indirizzo IP;Dettagli;Dettagli (JSON)',
    );
    const [, id, romeTime, utc] = /^(\d+);([^;]*);([^;]*);/.exec(lines[1]!)!;
    expect(utc).toMatch(/^\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    // The same instant as the screens tell it, to the second, in Rome.
    expect(romeTime).toBe(formatDateTimeSeconds(utc!));
    expect(romeTime).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
    expect(lines[1]).toBe(
      `${id};${romeTime};${utc};;"'=HYPERLINK(""x""),a";Accesso non riuscito;auth.login-failed;` +
        `"Account «riga\n""due""»";10.0.0.1;"note: a,b";"{""note"":""a,b""}"`,
    );
    expect(lines.at(-1)).toBe('');

    // The details as the audit screen tells them, a line each, beside the recorded JSON.
    await t.database.db
      .insertInto('audit_log')
      .values({
        action: 'restore.created',
        actor_username: 'csv-restore',
        target: 'restore-account-request:7',
        details: JSON.stringify({ fields: ['Phone', 'BillingAddress'], type: 'FORCED' }),
      })
      .execute();
    const restores = await get('/api/v3/audit/export.csv?user=csv-restore', ADMIN);
    expect(restores.body.split('\r\n')[1]).toMatch(
      /;Richiesta di ripristino creata;restore\.created;Richiesta di ripristino di un contatto n\. 7;;"Tipo: Ripristino forzato\nCampi: Telefono, Indirizzo di fatturazione";"\{.*\}"$/,
    );
    const everything = await get('/api/v3/audit/export.csv', ADMIN);
    const total = auditPage.parse((await get('/api/v3/audit/', ADMIN)).json()).data.query.totalElements;
    // One record per entry and the header.
    expect(everything.body.split('\r\n').length - 1).toBe(total + 1);
  });

  it('names the CRM user an entry is about as Storico knows them, on the screen and in the export', async () => {
    // 005API2 is no agent: named once a screen has read its name from the CRM (crm_user_names).
    await t.database.db
      .insertInto('crm_user_names')
      .values({ id: '005API2', name: 'Integrazione ERP', read_at: new Date() })
      .execute();
    const raised = auditPage
      .parse((await get('/api/v3/audit/?action=alert.raised&size=100', ADMIN)).json())
      .data.query.content.map((e) => [e.details?.sfUserID, e.crmUserName]);
    expect(raised).toEqual(
      expect.arrayContaining([
        ['005API1', 'Giulia Verdi'],
        ['005API2', 'Integrazione ERP'],
      ]),
    );
    // A user Storico has no name for is left unnamed: the screen shows the id.
    await t.database.db
      .insertInto('audit_log')
      .values({
        action: 'rollback.previewed',
        actor_username: 'csv-rollback',
        target: 'sf-user:005NONAME',
        details: JSON.stringify({ object: 'Account' }),
      })
      .execute();
    const previewed = auditPage
      .parse((await get('/api/v3/audit/?user=csv-rollback', ADMIN)).json())
      .data.query.content.map((e) => e.crmUserName);
    expect(previewed).toEqual([null]);

    const csv = (await get('/api/v3/audit/export.csv?action=alert.raised', ADMIN)).body;
    expect(csv).toContain('Agente: Giulia Verdi (005API1)');
    expect(csv).toContain('Agente: Integrazione ERP (005API2)');
    const unnamed = (await get('/api/v3/audit/export.csv?user=csv-rollback', ADMIN)).body;
    expect(unnamed.split('\r\n')[1]).toContain(';Agente 005NONAME;');
  });
});
