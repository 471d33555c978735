import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { accountRestoreRequestSchema, DUPLICATE_REQUEST_MESSAGE } from '../../../contract/restores';
import { USER_RANA } from '../../../contract/roles';
import { testDbKinds } from '../../support/test-database';
import { BASE, messageOf, RestoreFixture } from './restore-fixture';

const accountList = envelopeOf(z.array(accountRestoreRequestSchema));
const oneAccount = envelopeOf(accountRestoreRequestSchema);

/** Changes to a contact after its target revision: a phone, the billing address and the description. */
const EDITS = {
  Phone: '+39 02 1234567',
  BillingCity: 'Trento',
  BillingPostalCode: '38122',
  Description: 'Changed after the target',
};

describe.each(testDbKinds())('restoring chosen fields on %s', (kind) => {
  let f: RestoreFixture;
  beforeAll(async () => {
    f = await RestoreFixture.start(kind, {}, { env: { API_DOCS: '1' } });
  });
  afterAll(() => f.close());

  it('a report of one field: the reviewer sees it, approval writes that field only and checks only it', async () => {
    const { recordId, target } = await f.editedRecord('account', EDITS);
    const rana = await f.user(USER_RANA);
    const res = await f.create('account', rana, [target.id], { body: { fields: ['Phone'] } });
    expect(res.statusCode, res.body).toBe(201);
    const [created] = accountList.parse(res.json()).data.query;
    expect(created).toMatchObject({ fields: ['Phone'], status: { status: 'PENDING' } });
    // The differences still say everything that differed: the reviewer sees what is left as it is.
    expect(created!.differences).toMatch(/Phone, BillingAddress, Description/);
    expect(await f.auditDetails(`restore-account-request:${created!.id}`, 'restore.created')).toMatchObject({
      fields: ['Phone'],
    });

    const reviewer = await f.reviewer();
    const shown = await f.request(reviewer, 'GET', `${BASE.account}/${created!.id}`);
    expect(oneAccount.parse(shown.json()).data.query.fields).toEqual(['Phone']);
    const listed = await f.request(reviewer, 'GET', `${BASE.account}/?status=PENDING&size=50`);
    expect(listed.json().data.query.content).toContainEqual(
      expect.objectContaining({ id: created!.id, fields: ['Phone'] }),
    );

    const patches = f.sandbox.stats.patches;
    const approved = await f.review('account', reviewer, created!.id, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(oneAccount.parse(approved.json()).data.query).toMatchObject({
      status: { status: 'APPROVED' },
      fields: ['Phone'],
    });
    expect(f.sandbox.stats.patches).toBe(patches + 1);

    const inCrm = await f.inCrm('account', recordId);
    expect(inCrm.Phone).toBe(target.json.Phone);
    // The other changed fields keep their live values; had the read-back check covered them, it would have failed.
    expect(inCrm.Description).toBe(EDITS.Description);
    expect(inCrm.BillingAddress).toMatchObject({
      city: EDITS.BillingCity,
      postalCode: EDITS.BillingPostalCode,
    });
    expect(await f.auditDetails(`restore-account-request:${created!.id}`, 'restore.applied')).toMatchObject({
      fields: ['Phone'],
      written: ['Phone'],
    });
  });

  it('a forced restore of an address writes it as one unit and nothing else', async () => {
    const { recordId, target } = await f.editedRecord('account', EDITS);
    const rana = await f.user(USER_RANA);
    const res = await f.create('account', rana, [target.id], {
      type: 2,
      body: { fields: ['BillingAddress'] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [forced] = accountList.parse(res.json()).data.query;
    expect(forced).toMatchObject({ fields: ['BillingAddress'], status: { status: 'APPROVED' } });

    const inCrm = await f.inCrm('account', recordId);
    const wanted = target.json.BillingAddress as Record<string, unknown>;
    expect(inCrm.BillingAddress).toMatchObject({ city: wanted.city, postalCode: wanted.postalCode });
    expect(inCrm.Phone).toBe(EDITS.Phone);
    expect(inCrm.Description).toBe(EDITS.Description);
    const applied = await f.auditDetails(`restore-account-request:${forced!.id}`, 'restore.applied');
    expect(applied.written).toEqual(['BillingAddress']);
    expect(await f.auditDetails(`restore-account-request:${forced!.id}`, 'restore.created')).toMatchObject({
      type: 'FORCED',
      fields: ['BillingAddress'],
    });
  });

  it("a case's contact follows its chosen account, and stays when only other fields are chosen", async () => {
    const other = f.sandbox.records.all('Account').find((a) => a.IsPersonAccount === true)!;
    const record = f.freshRecord('case');
    const [target] = await f.revisions('case', record.Id);
    expect(target!.json.AccountId).not.toBe(other.Id);
    f.editInCrm('case', record.Id, {
      AccountId: other.Id,
      ContactId: other.PersonContactId,
      Subject: 'Subject changed after the target',
      Priority: 'Urgent',
    });
    await f.sync();

    const subject = await f.create('case', await f.user(USER_RANA), [target!.id], {
      type: 2,
      body: { fields: ['Subject'] },
    });
    expect(subject.statusCode, subject.body).toBe(201);
    let inCrm = await f.inCrm('case', record.Id);
    expect(inCrm).toMatchObject({ Subject: target!.json.Subject, AccountId: other.Id, Priority: 'Urgent' });
    expect(inCrm.ContactId).toBe(other.PersonContactId);

    const account = await f.create('case', await f.user(USER_RANA), [target!.id], {
      type: 2,
      body: { fields: ['AccountId'] },
    });
    expect(account.statusCode, account.body).toBe(201);
    inCrm = await f.inCrm('case', record.Id);
    expect(inCrm).toMatchObject({ AccountId: target!.json.AccountId, Priority: 'Urgent' });
    expect(inCrm.ContactId).toBe(
      f.sandbox.records.get('Account', String(target!.json.AccountId))!.PersonContactId,
    );
  });

  it('a write of chosen fields that goes unanswered is settled against those fields alone', async () => {
    const { recordId, target } = await f.editedRecord('account', EDITS);
    f.sandbox.faultWrites('apply-and-drop', 1);
    const res = await f.create('account', await f.user(USER_RANA), [target.id], {
      type: 2,
      body: { fields: ['Phone'] },
    });
    expect(res.statusCode, res.body).toBe(504);
    const row = await f.t.database.db
      .selectFrom('restore_account_requests')
      .select(['id', 'outcome_unknown_write'])
      .where('revision_account_id', '=', target.id)
      .executeTakeFirstOrThrow();
    expect(Object.keys((row.outcome_unknown_write as { fields: object }).fields)).toEqual(['Phone']);

    // Reading the lists settles it: the CRM holds the phone sent, the rest was never asked for.
    const approved = await f.request(await f.reviewer(), 'GET', `${BASE.account}/?status=APPROVED&size=100`);
    expect(approved.json().data.query.content).toContainEqual(
      expect.objectContaining({ id: row.id, fields: ['Phone'] }),
    );
    const inCrm = await f.inCrm('account', recordId);
    expect([inCrm.Phone, inCrm.Description]).toEqual([target.json.Phone, EDITS.Description]);
  });

  it('without fields every field that differs is written, as before', async () => {
    const { recordId, target } = await f.editedRecord('account', EDITS);
    const rana = await f.user(USER_RANA);
    const res = await f.create('account', rana, [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(accountList.parse(res.json()).data.query[0]!.fields).toBeNull();
    const inCrm = await f.inCrm('account', recordId);
    for (const field of ['Phone', 'Description']) expect(inCrm[field]).toEqual(target.json[field]);
    expect(inCrm.BillingAddress).toMatchObject({
      city: (target.json.BillingAddress as Record<string, unknown>).city,
    });
  });

  it('the OpenAPI document shows the optional fields of the create body and the fields of a request', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const create = doc.paths['/api/v3/restore-account-request/'].post;
    const body = create.requestBody.content['application/json'].schema;
    expect(body.properties.fields).toMatchObject({ type: 'array', minItems: 1, items: { type: 'string' } });
    expect(body.required).not.toContain('fields');
    const answer = create.responses['201'].content['application/json'].schema;
    expect(JSON.stringify(answer)).toContain('"fields"');
  });

  it('refuses fields that are empty, repeated, not the object’s or none a restore writes, naming the field, before the code is spent', async () => {
    const { target } = await f.editedRecord('account', EDITS);
    const rana = await f.user(USER_RANA);
    const code = f.code(rana.user);
    const refused = async (fields: unknown, type: 1 | 2 = 1) => {
      const res = await f.create('account', rana, [target.id], { code, type, body: { fields } });
      const body = errorBodySchema.parse(res.json());
      return { status: res.statusCode, field: body.error.field, code: body.error.code };
    };
    const at = (field: string) => ({ status: 400, field });
    const nothingToRestore = { ...at('body.fields'), code: ErrorCode.NOTHING_TO_RESTORE };
    expect(await refused([])).toMatchObject(at('body.fields'));
    expect(await refused(['Phone', 'Phone'])).toMatchObject(at('body.fields.1'));
    expect(await refused(['Phone', 'Subject'])).toMatchObject(at('body.fields.1'));
    expect(await refused(['Id'])).toMatchObject(at('body.fields.0'));
    expect(await refused('Phone')).toMatchObject(at('body.fields'));
    // Only fields the CRM sets itself: a report or a forced restore of them would write nothing.
    expect(await refused(['LastModifiedDate'])).toEqual(nothingToRestore);
    expect(await refused(['LastModifiedDate', 'SystemModstamp', 'OwnerName'], 2)).toEqual(nothingToRestore);
    // None of these spent the code.
    const ok = await f.create('account', rana, [target.id], { code, body: { fields: ['Phone'] } });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('one open request per revision: a second field set waits until the first is settled', async () => {
    const { recordId, target } = await f.editedRecord('account', EDITS);
    const [rana, other, third] = await Promise.all([f.user(USER_RANA), f.user(USER_RANA), f.user(USER_RANA)]);
    const first = await f.create('account', rana, [target.id], { body: { fields: ['Phone'] } });
    expect(first.statusCode, first.body).toBe(201);
    const firstId = accountList.parse(first.json()).data.query[0]!.id;

    // Refused before the code is spent: one code serves both tries.
    const code = f.code(other.user);
    const waiting = await f.create('account', other, [target.id], {
      code,
      body: { fields: ['Description'] },
    });
    expect([waiting.statusCode, messageOf(waiting)]).toEqual([409, DUPLICATE_REQUEST_MESSAGE]);
    const forcedMeanwhile = await f.create('account', other, [target.id], {
      type: 2,
      code,
      body: { fields: ['Description'] },
    });
    expect(forcedMeanwhile.statusCode).toBe(409);

    expect((await f.review('account', await f.reviewer(), firstId, true)).statusCode).toBe(200);
    // Settled: the fields the first request left alone may now be restored from the same revision.
    const second = await f.create('account', other, [target.id], {
      type: 2,
      code,
      body: { fields: ['Description'] },
    });
    expect(second.statusCode, second.body).toBe(201);
    const inCrm = await f.inCrm('account', recordId);
    expect([inCrm.Phone, inCrm.Description]).toEqual([target.json.Phone, target.json.Description]);
    expect(inCrm.BillingAddress).toMatchObject({ city: EDITS.BillingCity });

    // A restore of every field, once done, closes the revision as before.
    const all = await f.create('account', third, [target.id], { type: 2 });
    expect(all.statusCode, all.body).toBe(201);
    const after = await f.create('account', third, [target.id], { body: { fields: ['Phone'] } });
    expect([after.statusCode, messageOf(after)]).toEqual([409, DUPLICATE_REQUEST_MESSAGE]);
  });
});
