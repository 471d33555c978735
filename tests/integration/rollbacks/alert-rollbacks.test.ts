import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '../../../contract/alerts';
import type { RollbackRequest } from '../../../contract/rollbacks';
import type { CrmRecord } from '../../../server/crm/crm-connector';
import { toSfDateTime } from '../../../server/crm/salesforce-dates';
import { salesforceId } from '../../../sandbox-crm/salesforce-id';
import { ErrorCode } from '../../../contract/error-codes';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { mailerFromConfig } from '../../../server/mail/mailer';
import { decodeQuotedPrintable, startSmtpReceiver } from '../../support/smtp-receiver';
import { testConfig } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';
import { codeOf, type SignedIn } from '../restores/restore-fixture';
import { BASE, RollbackFixture } from './rollback-fixture';

describe.each(testDbKinds())('the rollback of an alert on %s', (kind) => {
  let x: RollbackFixture;
  let rana: SignedIn;
  let admin: SignedIn;

  beforeAll(async () => {
    x = await RollbackFixture.start(kind, 60);
  }, 120_000);
  afterAll(() => x.close());
  beforeEach(async () => {
    rana = await x.f.user(USER_RANA);
    admin = await x.f.user(ADMIN);
  });

  /** The alert as 'Avvisi' lists it, to any signed-in role. */
  const listed = async (who: SignedIn, id: number): Promise<Alert> => {
    const res = await x.f.request(who, 'GET', '/api/v3/alert/?status=open&size=100');
    expect(res.statusCode, res.body).toBe(200);
    const alerts = (res.json() as { data: { query: { content: Alert[] } } }).data.query.content;
    return alerts.find((a) => a.id === id)!;
  };

  it('lists with an alert the rollback requested for it, and refuses a second one while it is open', async () => {
    const agent = x.agent(0);
    const burst = await x.burst(agent, 6);
    const alertId = burst.alert.id;
    expect((await listed(rana, alertId)).rollback).toBeNull();

    const created = await x.created(rana, {
      sfUserID: agent.Id,
      object: 'Account',
      ...burst.window,
      alertId,
    });
    expect((await listed(admin, alertId)).rollback).toEqual({
      id: created.id,
      status: 'PENDING',
      run: 'waiting',
      stoppedAt: null,
      stoppedBy: null,
      requestedBy: { id: rana.user.id, username: rana.user.username },
    });

    // Another window around the same burst (its whole Rome day) names the same alert: refused, the code unspent.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
    const day = { sfUserID: agent.Id, object: 'Account', from: today, to: today, alertId };
    const code = x.f.code(rana.user);
    const second = await x.create(rana, day, code);
    expect([second.statusCode, codeOf(second)]).toEqual([409, ErrorCode.ROLLBACK_OPEN]);

    // Rejected, it is no longer open: the alert shows it so, and a new request may be made for it.
    await x.f.request(
      admin,
      'POST',
      `/api/v3/rollback-request/${created.id}/review/${admin.user.id}?approved=false&code=${x.f.code(admin.user)}`,
    );
    expect((await listed(rana, alertId)).rollback).toMatchObject({ id: created.id, status: 'REJECTED' });
    const again = await x.create(rana, day, code);
    expect(again.statusCode, again.body).toBe(201);
    const againId = (again.json() as { data: { query: { id: number } } }).data.query.id;
    expect((await listed(rana, alertId)).rollback).toMatchObject({ id: againId, status: 'PENDING' });
  }, 120_000);

  /** A CRM user who is no agent: not a Standard user, so the agents sync leaves it out. */
  const nonAgent = (n: number, first: string, last: string): CrmRecord => {
    const stamp = toSfDateTime(x.sandbox.records.now());
    return x.sandbox.records.save('User', {
      Id: salesforceId('005', 9_000_000 + n),
      Username: `${first.toLowerCase()}.${last.toLowerCase()}@partner.example`,
      FirstName: first,
      LastName: last,
      Email: `${first.toLowerCase()}@partner.example`,
      IsActive: true,
      UserType: 'PowerPartner',
      CreatedDate: stamp,
      CreatedById: x.sandbox.integrationUserId,
      LastModifiedDate: stamp,
      LastModifiedById: x.sandbox.integrationUserId,
      SystemModstamp: stamp,
    });
  };

  /** The n-th agent's burst, one of its records changed again by `user` and synced: the scope that lists it. */
  const changedLaterBy = async (n: number, user: CrmRecord) => {
    const agent = x.agent(n);
    const burst = await x.burst(agent, 6);
    const [touched] = burst.edited;
    x.editByOther(touched!, user, { Description: `Cambiato da ${String(user.LastName)}` });
    await x.f.sync();
    const to = new Date(x.sandbox.records.now() + 60_000).toISOString();
    return { touched, scope: { sfUserID: agent.Id, object: 'Account', from: burst.window.from, to } };
  };

  it('names a CRM user who is no agent where they changed a record later, from the CRM, and keeps the name', async () => {
    const partner = nonAgent(1, 'Ornella', 'Partner');
    const { touched, scope } = await changedLaterBy(1, partner);

    const preview = await x.previewed(rana, scope);
    expect(preview.laterChanged).toEqual([
      expect.objectContaining({ recordId: touched, changedBy: partner.Id, changedByName: 'Ornella Partner' }),
    ]);
    // Kept: with the CRM unreachable the name is still known.
    x.sandbox.failNextRequests(1_000);
    try {
      const offline = await x.previewed(rana, scope);
      expect(offline.laterChanged[0]).toMatchObject({ changedByName: 'Ornella Partner' });
    } finally {
      x.sandbox.failNextRequests(0);
    }
  }, 120_000);

  it('falls back to the CRM id of a user who is no agent only while the CRM cannot be reached', async () => {
    const stranger = nonAgent(2, 'Mai', 'Letto');
    const { scope } = await changedLaterBy(2, stranger);
    x.sandbox.failNextRequests(1_000);
    try {
      const offline = await x.previewed(rana, scope);
      expect(offline.laterChanged[0]).toMatchObject({ changedBy: stranger.Id, changedByName: null });
    } finally {
      x.sandbox.failNextRequests(0);
    }
    const online = await x.previewed(rana, scope);
    expect(online.laterChanged[0]).toMatchObject({ changedBy: stranger.Id, changedByName: 'Mai Letto' });
  }, 120_000);

  it('names who changed a record after the request where the rollback skipped it', async () => {
    const partner = nonAgent(3, 'Dopo', 'Richiesta');
    const agent = x.agent(3);
    const burst = await x.burst(agent, 6);
    const created = await x.created(rana, { sfUserID: agent.Id, object: 'Account', ...burst.window });
    const [touched] = burst.edited;
    x.editByOther(touched!, partner, { Description: 'Cambiato da un partner dopo la richiesta' });
    await x.approved(admin, created.id);
    await x.runner().runUntilIdle();
    const detail = await x.detail(admin, created.id, '?size=100');
    expect(detail.outcomes.content.find((o) => o.recordId === touched)).toMatchObject({
      outcome: 'skipped',
      reason: 'changed-since',
      changedBy: { id: partner.Id, name: 'Dopo Richiesta' },
    });
  }, 120_000);

  it('names a CRM user who is no agent on their alert and their rollback, listed and in detail', async () => {
    const partner = nonAgent(4, 'Integrazione', 'Marketing');
    const name = 'Integrazione Marketing';
    const burst = await x.burst(partner, 6);
    const alertId = burst.alert.id;
    // Never named, and the CRM cannot be reached: the id is all there is to show.
    x.sandbox.failNextRequests(1_000);
    try {
      expect(await listed(rana, alertId)).toMatchObject({ sfUserID: partner.Id, agentName: null });
    } finally {
      x.sandbox.failNextRequests(0);
    }
    expect(await listed(rana, alertId)).toMatchObject({ sfUserID: partner.Id, agentName: name });

    const created = await x.created(rana, {
      sfUserID: partner.Id,
      object: 'Account',
      ...burst.window,
      alertId,
    });
    expect(created).toMatchObject({ sfUserID: partner.Id, agentName: name });
    // Listed by the name shown, as an agent's is.
    const res = await x.f.request(admin, 'GET', `${BASE}/?status=PENDING&size=100&filter=marketing`);
    expect(res.statusCode, res.body).toBe(200);
    const pending = (res.json() as { data: { query: { content: RollbackRequest[] } } }).data.query.content;
    expect(pending.map((r) => [r.id, r.agentName])).toEqual([[created.id, name]]);
    expect((await x.detail(admin, created.id)).agentName).toBe(name);

    const ack = await x.f.request(admin, 'POST', `/api/v3/alert/${alertId}/ack`);
    expect(ack.statusCode, ack.body).toBe(200);
    expect((ack.json() as { data: { query: Alert } }).data.query.agentName).toBe(name);
  }, 120_000);

  it('names a CRM user who is no agent in the e-mail about their alert', async () => {
    const partner = nonAgent(5, 'Utente', 'Integrazione');
    const smtp = await startSmtpReceiver();
    const mailer = mailerFromConfig(testConfig({ SMTP_URL: smtp.url }))!;
    try {
      await x.burst(partner, 6, { mailer });
      expect(smtp.messages).not.toHaveLength(0);
      const mail = decodeQuotedPrintable(smtp.messages[0]!.raw);
      expect(mail).toContain('Storico: modifiche massive di Utente Integrazione (contatti)');
      expect(mail).toMatch(/Utente Integrazione ha modificato \d+ contatti/);
      expect(mail).not.toContain(partner.Id);
    } finally {
      mailer.close();
      await smtp.close();
    }
  }, 120_000);
});
