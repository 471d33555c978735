import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { recordAccessGrant } from '../../../server/identity/access-grants.repository';
import { mailerFromConfig } from '../../../server/mail/mailer';
import { restoreMailOf } from '../../../server/restores/restore-mail';
import { silentLogger } from '../../../server/config/logger';
import { decodeQuotedPrintable, startSmtpReceiver } from '../../support/smtp-receiver';
import { testConfig } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { RestoreFixture, type SignedIn } from './restore-fixture';

const PUBLIC_URL = 'http://storico.test';
const CONTACT_LIST = `${PUBLIC_URL}/gestione_ripristini_contatti/gestioneRipristiniContatti`;
const CASE_LIST = `${PUBLIC_URL}/gestione_ripristini_casi/gestioneRipristiniCasi`;

/** The e-mails of reviewers and requesters about restore requests, sent through a real local SMTP receiver. */
describe.each(testDbKinds())('restore e-mails on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
  let f: RestoreFixture;
  let admin: SignedIn;
  let staff: SignedIn;

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    f = await RestoreFixture.start(
      kind,
      {},
      // A read that does not show an unanswered write settles it at once (production waits 10 minutes), and a
      // write that hangs is given up after 2 s (production: SF_WRITE_TIMEOUT_S, 10 s).
      {
        env: { SMTP_URL: smtp.url, PUBLIC_URL, RESTORE_OUTCOME_WAIT_S: '0' },
        connector: { writeTimeoutMs: 2000 },
      },
    );
    admin = await f.user(ADMIN);
    staff = await f.user(productRole(f.t.config.productCode));
  });
  afterAll(async () => {
    await f.close();
    await smtp.close();
  });
  beforeEach(() => {
    smtp.messages.length = 0;
  });

  /** The e-mails received once `addresses` have each had one, and any sent just after them. */
  async function mailsTo(addresses: string[]) {
    await vi.waitFor(
      () => expect(smtp.messages.flatMap((m) => m.to)).toEqual(expect.arrayContaining(addresses)),
      { timeout: 10_000, interval: 50 },
    );
    // One event's e-mails go out one after another: a wrong extra recipient would arrive within this.
    await new Promise((resolve) => setTimeout(resolve, 500));
    return smtp.messages.map((m) => ({ to: m.to, body: decodeQuotedPrintable(m.raw) }));
  }

  it('a report e-mails every reviewer once with the record, requester, fields and list link; not USER_RANA', async () => {
    const otherRana = await f.user(USER_RANA);
    const gone = await f.user(ADMIN);
    await f.t.database.db
      .updateTable('users')
      .set({ deleted: true })
      .where('id', '=', gone.user.id)
      .execute();
    const { target } = await f.editedRecord('account', { Phone: '+39 02 1111111', BillingCity: 'Trento' });
    const requester = await f.user(USER_RANA);
    const id = await f.reported('account', requester, target.id);

    const mails = await mailsTo([admin.user.email, staff.user.email]);
    const to = mails.flatMap((m) => m.to);
    expect(to.filter((a) => a === admin.user.email)).toHaveLength(1);
    expect(to.filter((a) => a === staff.user.email)).toHaveLength(1);
    expect(to).not.toContain(requester.user.email);
    expect(to).not.toContain(otherRana.user.email);
    expect(to).not.toContain(gone.user.email);
    const body = mails.find((m) => m.to.includes(staff.user.email))!.body;
    expect(body).toContain(`contatto ${String(target.json.Name)}`);
    expect(body).toContain(`${requester.user.username} ha chiesto di ripristinare`);
    expect(body).toContain(`richiesta n. ${id}`);
    // The fields by the names the app gives them, never the CRM's.
    expect(body).toMatch(/Campi diversi: .*Telefono/);
    expect(body).not.toMatch(/Campi diversi: .*\bPhone\b/);
    expect(body).toContain(CONTACT_LIST);
  });

  it('a report of chosen fields names only those to the reviewers', async () => {
    const { target } = await f.editedRecord('account', { Phone: '+39 02 2222222', BillingCity: 'Bolzano' });
    smtp.messages.length = 0;
    const res = await f.create('account', await f.user(USER_RANA), [target.id], {
      body: { fields: ['BillingAddress'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [mail] = await mailsTo([staff.user.email]);
    expect(mail!.body).toContain('Solo i campi scelti: Indirizzo di fatturazione.');
    expect(mail!.body).not.toContain('Campi diversi');
  });

  it('approving a report e-mails its requester that it was applied, and no one else', async () => {
    const { target } = await f.editedRecord('case', { Subject: 'Changed before an approved restore' });
    const requester = await f.user(USER_RANA);
    const id = await f.reported('case', requester, target.id);
    await mailsTo([staff.user.email]);
    smtp.messages.length = 0;

    const res = await f.review('case', staff, id, true);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo([requester.user.email]);
    expect(mails.map((m) => m.to)).toEqual([[requester.user.email]]);
    expect(mails[0]!.body).toContain(`caso ${String(target.json.CaseNumber)}`);
    expect(mails[0]!.body).toContain(`approvata da ${staff.user.username} e applicata nel CRM`);
    expect(mails[0]!.body).toContain(CASE_LIST);
  });

  it('rejecting a report e-mails its requester that it was rejected, and no one else', async () => {
    const { target } = await f.editedRecord('account', { Description: 'Changed before a rejected restore' });
    const requester = await f.user(USER_RANA);
    const id = await f.reported('account', requester, target.id);
    await mailsTo([admin.user.email]);
    smtp.messages.length = 0;

    const res = await f.review('account', admin, id, false);
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo([requester.user.email]);
    expect(mails.map((m) => m.to)).toEqual([[requester.user.email]]);
    expect(mails[0]!.body).toContain(`rifiutata da ${admin.user.username}`);
    expect(mails[0]!.body).not.toContain('approvata');
  });

  it('a forced restore left of unknown outcome e-mails the reviewers; settling it e-mails the requester', async () => {
    const { target } = await f.editedRecord('case', {
      Subject: 'Changed before a forced restore that hangs',
    });
    const forcer = await f.user(USER_RANA);
    f.sandbox.faultWrites('hang');
    try {
      const res = await f.create('case', forcer, [target.id], { type: 2 });
      expect(res.statusCode, res.body).toBe(504);
    } finally {
      f.sandbox.faultWrites(null);
    }
    const pending = await mailsTo([admin.user.email, staff.user.email]);
    expect(pending.flatMap((m) => m.to)).not.toContain(forcer.user.email);
    expect(pending[0]!.body).toContain(`caso ${String(target.json.CaseNumber)}`);
    smtp.messages.length = 0;

    // Reading the list settles it: the hung write never reached the record.
    const list = await f.request(staff, 'GET', '/api/v3/restore-case-request/?status=PENDING&page=0&size=5');
    expect(list.statusCode, list.body).toBe(200);
    const settled = await mailsTo([forcer.user.email]);
    expect(settled.map((m) => m.to)).toEqual([[forcer.user.email]]);
    expect(settled[0]!.body).toContain('non risulta applicato nel CRM');
  }, 30_000);

  it('a forced restore by a user an administrator created within the cooldown e-mails its alert to the reviewers', async () => {
    const forcer = await f.user(USER_RANA);
    // The grant as 'Crea utente' records it (the API path is in four-eyes.test.ts; here the link would be e-mailed).
    await recordAccessGrant(f.t.database.db, {
      userId: forcer.user.id,
      grantedBy: admin.user.id,
      kind: 'created',
      at: new Date(),
    });
    const { target } = await f.editedRecord('case', {
      Subject: 'Changed before a forced restore of a new user',
    });
    const res = await f.create('case', forcer, [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    const mails = await mailsTo([admin.user.email, staff.user.email]);
    expect(mails.flatMap((m) => m.to)).not.toContain(forcer.user.email);
    const body = mails.find((m) => m.to.includes(staff.user.email))!.body;
    expect(body).toContain(
      `${forcer.user.username} ha forzato il ripristino del caso ${String(target.json.CaseNumber)}`,
    );
    expect(body).toContain(`${admin.user.username} ha creato l'utente il `);
    expect(body).toContain(`${PUBLIC_URL}/avvisi`);
  });
});

describe.each(testDbKinds())('restore e-mails with a mail server that never answers, on %s', (kind) => {
  let silent: net.Server;
  const sockets = new Set<net.Socket>();
  let f: RestoreFixture;

  beforeAll(async () => {
    // Accepts connections and never greets: a client that waited for it would wait for its greeting timeout.
    silent = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    f = await RestoreFixture.start(kind, {}, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await f.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('reports and reviews are answered at once, the requests stand', async () => {
    await f.user(ADMIN);
    const reviewer = await f.user(productRole(f.t.config.productCode));
    const { target } = await f.editedRecord('account', { Phone: '+39 02 2222222' });
    const requester = await f.user(USER_RANA);

    let started = Date.now();
    const id = await f.reported('account', requester, target.id);
    expect(Date.now() - started).toBeLessThan(5_000);
    // The e-mails of the report are still waiting for the server's greeting.
    await vi.waitFor(() => expect(sockets.size).toBeGreaterThan(0), { timeout: 5_000 });

    started = Date.now();
    const res = await f.review('account', reviewer, id, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await f.requestRow('account', id))?.status_id).toBe(3);
  });
});

describe('restore e-mails without SMTP_URL', () => {
  it('have no mailer to send with, so nothing is sent', () => {
    const config = testConfig();
    const mail = restoreMailOf({
      db: undefined as never,
      mailer: mailerFromConfig(config),
      publicUrl: config.publicUrl,
      productCode: config.productCode,
      logger: silentLogger,
    });
    expect(config.smtp).toBeFalsy();
    expect(mail).toBeNull();
  });
});
