import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { pageOf } from '../../../contract/page';
import { accountRestoreRequestSchema } from '../../../contract/restores';
import { revisionSchema } from '../../../contract/revisions';
import { USER_RANA } from '../../../contract/roles';
import { contactRowSchema } from '../../../contract/search';
import { parseSfDateTime } from '../../../server/crm/salesforce-dates';
import { BUSINESS_RECORD_TYPE_ID, PERSON_RECORD_TYPE_ID } from '../../../sandbox-crm/demo/demo-data';
import { testDbKinds } from '../../support/test-database';
import { RestoreFixture, type SignedIn } from './restore-fixture';

const contactPage = envelopeOf(pageOf(contactRowSchema));
const revisionPage = envelopeOf(pageOf(revisionSchema));
const accountRequests = envelopeOf(z.array(accountRestoreRequestSchema));

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

describe.each(testDbKinds())('contacts made business accounts in the CRM on %s', (dbKind) => {
  let f: RestoreFixture;
  let rana: SignedIn;

  beforeAll(async () => {
    f = await RestoreFixture.start(dbKind);
    rana = await f.user(USER_RANA);
  });
  afterAll(() => f.close());

  /** A CRM user gives the account a record type of the other family. */
  function changeRecordType(id: string, RecordTypeId: string) {
    const context = { userId: f.sandbox.integrationUserId, autoAssign: false, allowDuplicates: false };
    const outcome = f.sandbox.records.patch('Account', id, { RecordTypeId }, context);
    if (!outcome.ok) throw new Error(`could not change the record type of ${id}`);
    return outcome.record;
  }

  async function searchRow(agentId: string, recordId: string) {
    const res = await f.request(
      rana,
      'GET',
      `/api/v3/sf-user/${agentId}/sf-account?dateFrom=2024-01-01&dateTo=${today()}&size=100`,
    );
    expect(res.statusCode, res.body).toBe(200);
    return contactPage.parse(res.json()).data.query.content.find((row) => row.id === recordId);
  }

  it('stores the conversion once, as a convert revision; search and history carry convertedAt', async () => {
    const { recordId, latest } = await f.editedRecord('account', { Phone: '+39 02 7777777' });
    const business = changeRecordType(recordId, BUSINESS_RECORD_TYPE_ID);
    await f.sync();
    const [conversion, before] = await f.revisions('account', recordId);
    expect(conversion!.source).toBe('convert');
    expect(before!.id).toBe(latest.id);
    expect(conversion!.json).toMatchObject({ Id: recordId, PersonEmail: null, Phone: '+39 02 7777777' });
    const convertedAt = new Date(parseSfDateTime(business.SystemModstamp)!).toISOString();

    const row = await searchRow(String(business.OwnerId), recordId);
    expect(row).toMatchObject({ convertedAt, deletedAt: null });
    const res = await f.request(rana, 'GET', `/api/v3/revision-account/${recordId}/history?size=50`);
    const [newest] = revisionPage.parse(res.json()).data.query.content;
    expect(newest).toMatchObject({ source: 'convert', convertedAt });

    // Later changes of the business account are not a contact's: nothing more is stored.
    f.editInCrm('account', recordId, { Phone: '+39 02 7777778' });
    const count = (await f.revisions('account', recordId)).length;
    await f.sync();
    expect((await f.revisions('account', recordId)).length).toBe(count);
  });

  it('refuses a restore onto a contact that is a business account, sending nothing to the CRM', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 8888888' });
    changeRecordType(recordId, BUSINESS_RECORD_TYPE_ID);
    await f.sync();
    const before = f.sandbox.records.stored('Account', recordId);
    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.RECORD_CONVERTED } });
    expect(f.sandbox.records.stored('Account', recordId)).toEqual(before);
  });

  it('refuses a restore onto a contact made a business account before a sync saw it', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 8888887' });
    changeRecordType(recordId, BUSINESS_RECORD_TYPE_ID);
    const before = f.sandbox.records.stored('Account', recordId);
    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.RECORD_CONVERTED } });
    expect(f.sandbox.records.stored('Account', recordId)).toEqual(before);
  });

  it('refuses a restore of a converted contact deleted since, leaving the business account in the recycle bin', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 8888889' });
    const business = changeRecordType(recordId, BUSINESS_RECORD_TYPE_ID);
    await f.sync();
    f.deleteInCrm('account', recordId);
    await f.sync();
    // Stored as deleted: the deletion is what Storico saw last; the conversion before it still holds.
    expect((await f.revisions('account', recordId))[0]!.source).toBe('delete');
    const history = await f.request(rana, 'GET', `/api/v3/revision-account/${recordId}/history?size=50`);
    const [newest] = revisionPage.parse(history.json()).data.query.content;
    expect(newest).toMatchObject({
      source: 'delete',
      deletedAt: expect.any(String),
      convertedAt: new Date(parseSfDateTime(business.SystemModstamp)!).toISOString(),
    });
    const before = f.sandbox.records.stored('Account', recordId);
    expect(before).toMatchObject({ IsDeleted: true, IsPersonAccount: false });

    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.RECORD_CONVERTED } });
    // Not undeleted, nothing written.
    expect(f.sandbox.records.stored('Account', recordId)).toEqual(before);
  });

  it('a contact made a business account and deleted before a sync saw either is stored as converted, then deleted', async () => {
    const { recordId, latest, target } = await f.editedRecord('account', { Phone: '+39 02 8888890' });
    const business = changeRecordType(recordId, BUSINESS_RECORD_TYPE_ID);
    f.deleteInCrm('account', recordId);
    const gone = f.sandbox.records.stored('Account', recordId)!;
    await f.sync();

    const [deletion, conversion, before] = await f.revisions('account', recordId);
    expect(before!.id).toBe(latest.id);
    expect(conversion).toMatchObject({ source: 'convert', json: { Id: recordId, PersonEmail: null } });
    expect(conversion!.json).not.toHaveProperty('IsDeleted');
    expect(deletion).toMatchObject({
      source: 'delete',
      json: { Id: recordId, IsDeleted: true, MasterRecordId: null, Name: business.Name },
    });
    const deletedAt = new Date(parseSfDateTime(gone.SystemModstamp)!).toISOString();
    const history = await f.request(rana, 'GET', `/api/v3/revision-account/${recordId}/history?size=50`);
    const [newest] = revisionPage.parse(history.json()).data.query.content;
    expect(newest).toMatchObject({ source: 'delete', deletedAt, convertedAt: expect.any(String) });
    expect(Date.parse(newest!.convertedAt!)).toBeLessThanOrEqual(Date.parse(deletedAt));

    // Another run stores nothing more.
    const count = (await f.revisions('account', recordId)).length;
    await f.sync();
    expect((await f.revisions('account', recordId)).length).toBe(count);

    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: { code: ErrorCode.RECORD_CONVERTED } });
    expect(f.sandbox.records.stored('Account', recordId)).toEqual(gone);
  });

  it('a contact made a person account again is live on the next sync, and can be restored', async () => {
    const { recordId, target } = await f.editedRecord('account', { Phone: '+39 02 9999999' });
    changeRecordType(recordId, BUSINESS_RECORD_TYPE_ID);
    await f.sync();
    const person = changeRecordType(recordId, PERSON_RECORD_TYPE_ID);
    await f.sync();
    const [newest] = await f.revisions('account', recordId);
    expect(newest!.source).toBe('sync');
    expect(await searchRow(String(person.OwnerId), recordId)).toMatchObject({ convertedAt: null });

    const res = await f.create('account', await f.user(USER_RANA), [target.id], { type: 2 });
    expect(res.statusCode, res.body).toBe(201);
    expect(accountRequests.parse(res.json()).data.query[0]).toMatchObject({ status: { status: 'APPROVED' } });
    expect((await f.inCrm('account', recordId)).Phone).toBe(target.json.Phone);
  });
});
