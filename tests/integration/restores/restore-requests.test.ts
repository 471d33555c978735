import { LOGIN_MAX_FAILURES } from '../../../contract/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeOf } from '../../../contract/envelope';
import { ErrorCode } from '../../../contract/error-codes';
import { pageOf } from '../../../contract/page';
import {
  accountRestoreRequestSchema,
  caseRestoreRequestSchema,
  DUPLICATE_REQUEST_MESSAGE,
  INVALID_TOTP_MESSAGE,
  CODES_LOCKED_MESSAGE,
} from '../../../contract/restores';
import { ADMIN, USER_RANA, productRole } from '../../../contract/roles';
import { z } from 'zod';
import { findRoleByName } from '../../../server/identity/roles.repository';
import { bearer, signIn, testIp } from '../../support/auth';
import { testDbKinds } from '../../support/test-database';
import { BASE, codeOf, messageOf, RestoreFixture, type SignedIn } from './restore-fixture';

const accountList = envelopeOf(z.array(accountRestoreRequestSchema));
const caseList = envelopeOf(z.array(caseRestoreRequestSchema));
const casePage = envelopeOf(pageOf(caseRestoreRequestSchema));
const oneCase = envelopeOf(caseRestoreRequestSchema);

describe.each(testDbKinds())('restore requests and reviews on %s', (kind) => {
  let f: RestoreFixture;
  let reviewer: SignedIn;

  beforeAll(async () => {
    f = await RestoreFixture.start(kind);
    reviewer = await f.user(productRole(f.t.config.productCode));
  });
  afterAll(() => f.close());

  it('reports a contact restore: PENDING, with the fields that differ from the latest revision', async () => {
    const { recordId, target } = await f.editedRecord('account', {
      Phone: '+39 02 0000000',
      BillingCity: 'Trento',
      Description: 'Changed after the target',
    });
    const rana = await f.user(USER_RANA);
    const patches = f.sandbox.stats.patches;
    const res = await f.create('account', rana, [target.id], {
      // Midnight in Rome sent as UTC (the evening before), and the day at UTC midnight as the client sends it.
      body: {
        dateFrom: '2024-02-29T23:00:00.000Z',
        dateTo: '2024-07-31T00:00:00.000Z',
        salesforceUserId: target.json.OwnerId,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const [created] = accountList.parse(res.json()).data.query;
    expect(created).toMatchObject({
      approvedAt: null,
      userCreator: { id: rana.user.id, username: rana.user.username },
      userReviewer: null,
      restoreType: { id: 1, type: 'REPORT' },
      status: { id: 1, status: 'PENDING' },
      differences: '[Phone, BillingAddress, Description, LastModifiedDate]',
      dateFrom: '2024-03-01',
      dateTo: '2024-07-31',
      salesforceUserId: target.json.OwnerId,
      accountId: recordId,
      revisionAccount: { id: target.id },
    });
    expect(JSON.parse(created!.revisionAccount.json)).toEqual(target.json);
    expect(f.sandbox.stats.patches).toBe(patches);
    expect(await f.auditActions(`restore-account-request:${created!.id}`)).toEqual(['restore.created']);

    const shown = await f.request(reviewer, 'GET', `${BASE.account}/${created!.id}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data.query).toEqual(created);
  });

  it('creates one request per revision, all or nothing, and lists them by status, newest first, ten a page', async () => {
    const rana = await f.user(USER_RANA);
    const records = Array.from({ length: 12 }, () => f.freshRecord('case'));
    const revisions = await Promise.all(records.map(async (r) => (await f.revisions('case', r.Id))[0]!.id));
    const res = await f.create('case', rana, revisions);
    expect(res.statusCode, res.body).toBe(201);
    const created = caseList.parse(res.json()).data.query;
    expect(created.map((c) => c.revisionCase.id)).toEqual(revisions);
    expect(created.every((c) => c.differences === '[]')).toBe(true);
    expect(created.map((c) => c.caseNumber)).toEqual(records.map((r) => r.CaseNumber));

    const list = (page: number, status = 'PENDING') =>
      f.request(
        reviewer,
        'GET',
        `${BASE.case}/?status=${status}&page=${page}&size=10&filter=${rana.user.username}`,
      );
    const first = casePage.parse((await list(0)).json()).data.query;
    expect(first).toMatchObject({ totalElements: 12, totalPages: 2, size: 10, pageable: { pageNumber: 0 } });
    const newestFirst = created.map((c) => c.id).reverse();
    expect(first.content.map((c) => c.id)).toEqual(newestFirst.slice(0, 10));
    const second = casePage.parse((await list(1)).json()).data.query;
    expect(second.content.map((c) => c.id)).toEqual(newestFirst.slice(10));
    expect(casePage.parse((await list(0, 'APPROVED')).json()).data.query.totalElements).toBe(0);

    // One revision already has a request: the whole list is refused, the other revision gets nothing.
    const other = (await f.revisions('case', f.freshRecord('case').Id))[0]!.id;
    const again = await f.create('case', rana, [other, revisions[3]!]);
    expect([again.statusCode, messageOf(again)]).toEqual([409, DUPLICATE_REQUEST_MESSAGE]);
    const open = await f.t.database.db
      .selectFrom('restore_case_requests')
      .select('id')
      .where('revision_case_id', '=', other)
      .execute();
    expect(open).toEqual([]);
  });

  it('of simultaneous reports of one revision exactly one is created', async () => {
    const revision = (await f.revisions('case', f.freshRecord('case').Id))[0]!.id;
    const users = await Promise.all([f.user(USER_RANA), f.user(USER_RANA), f.user(USER_RANA)]);
    const answers = await Promise.all(users.map((u) => f.create('case', u, [revision])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((a) => a.statusCode === 409))
      expect(messageOf(a)).toBe(DUPLICATE_REQUEST_MESSAGE);
  });

  it('refuses a body that grants rights, wrong or replayed codes, unknown revisions and agents', async () => {
    const rana = await f.user(USER_RANA);
    const other = await f.user(USER_RANA);
    const admin = await f.user(ADMIN);
    const free = async () => (await f.revisions('account', f.freshRecord('account').Id))[0]!.id;
    const revision = await free();

    const status = async (res: Awaited<ReturnType<RestoreFixture['create']>>) => [
      res.statusCode,
      messageOf(res),
    ];
    expect((await f.create('account', admin, [revision])).statusCode).toBe(403);
    expect(
      await status(
        await f.create('account', rana, [revision], { code: '1', body: { userCreatorId: other.user.id } }),
      ),
    ).toEqual([403, 'userCreatorId must be your own user id']);
    expect(
      (await f.create('account', rana, [revision], { code: '1', body: { userReviewerId: rana.user.id } }))
        .statusCode,
    ).toBe(403);
    expect(
      (await f.create('account', rana, [revision], { code: '1', type: 2, body: { userReviewerId: 0 } }))
        .statusCode,
    ).toBe(403);
    expect(await status(await f.create('account', rana, [999_999], { code: '1' }))).toEqual([
      404,
      'Revision 999999 not found',
    ]);
    expect(
      (
        await f.create('account', rana, [revision], {
          code: '1',
          body: { salesforceUserId: '005000000000000XYZ' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await f.create('account', rana, [revision, revision], { code: '1' })).statusCode).toBe(400);
    expect(
      (await f.create('account', rana, [revision], { code: '1', body: { dateFrom: '1 March' } })).statusCode,
    ).toBe(400);

    expect(
      await status(await f.create('account', rana, [revision], { code: f.wrongCode(rana.user) })),
    ).toEqual([400, INVALID_TOTP_MESSAGE]);
    const code = f.code(rana.user);
    expect((await f.create('account', rana, [revision], { code })).statusCode).toBe(201);
    expect(await status(await f.create('account', rana, [await free()], { code }))).toEqual([
      400,
      INVALID_TOTP_MESSAGE,
    ]);
    expect(await f.auditActions('restore-account-request')).toEqual([
      'restore.code_refused',
      'restore.code_refused',
    ]);
  });

  it('refuses impossible date-times naming the field, and stores nothing; a real wall clock reads as its day', async () => {
    const rana = await f.user(USER_RANA);
    const revision = (await f.revisions('account', f.freshRecord('account').Id))[0]!.id;
    const stored = () =>
      f.t.database.db
        .selectFrom('restore_account_requests')
        .select('id')
        .where('revision_account_id', '=', revision)
        .execute();
    // Never spent: each refusal comes before the code is checked.
    const code = f.code(rana.user);
    for (const [body, field] of [
      [{ dateFrom: '2025-01-01T99:99' }, 'body.dateFrom'],
      [{ dateTo: '2025-12-31T24:61:00' }, 'body.dateTo'],
      [{ dateFrom: '2025-01-01T24:00' }, 'body.dateFrom'],
      [{ dateFrom: '2025-02-30T10:00' }, 'body.dateFrom'],
      [{ dateFrom: '1899-12-31T10:00' }, 'body.dateFrom'],
      [{ dateTo: '2025-12-31T23:60:00Z' }, 'body.dateTo'],
      [{ dateTo: '2025-12-31T23:59:60.5+01:00' }, 'body.dateTo'],
    ] as const) {
      const res = await f.create('account', rana, [revision], { code, body });
      expect([res.statusCode, res.json().error], JSON.stringify(body)).toEqual([
        400,
        expect.objectContaining({ code: 'BAD_REQUEST', field }),
      ]);
    }
    expect(await stored()).toEqual([]);

    const res = await f.create('account', rana, [revision], {
      code,
      body: { dateFrom: '2024-03-01T08:30', dateTo: '2024-07-31T23:59:59.999' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(accountList.parse(res.json()).data.query[0]).toMatchObject({
      dateFrom: '2024-03-01',
      dateTo: '2024-07-31',
    });
  });

  it('refuses ids and page numbers not written as plain decimals, naming the field', async () => {
    const rana = await f.user(USER_RANA);
    const id = await f.reported(
      'account',
      rana,
      (await f.revisions('account', f.freshRecord('account').Id))[0]!.id,
    );
    expect((await f.request(reviewer, 'GET', `${BASE.account}/${id}`)).statusCode).toBe(200);
    const refused = async (url: string, field: string) => {
      const res = await f.request(reviewer, url.includes('/review/') ? 'POST' : 'GET', url);
      expect([res.statusCode, res.json().error], url).toEqual([
        400,
        expect.objectContaining({ code: 'BAD_REQUEST', field }),
      ]);
    };
    // 0x10 read as 16, 1e3 as 1000, '  1' as 1 before.
    for (const written of [
      `0x${id.toString(16)}`,
      `${id}e0`,
      '1e3',
      `%20%20${id}`,
      `${id}%20`,
      `+${id}`,
      `${id}.0`,
    ])
      await refused(`${BASE.account}/${written}`, 'path.id');
    await refused(`${BASE.case}/0x10`, 'path.id');
    await refused(
      `${BASE.account}/${id}/review/0x${reviewer.user.id.toString(16)}?approved=false&code=000000`,
      'path.reviewerId',
    );
    await refused(`${BASE.account}/?status=PENDING&page=0x1`, 'query.page');
    await refused(`${BASE.account}/?status=PENDING&size=1e1`, 'query.size');
    await refused(
      `/api/v3/revision-account/differences?firstRevisionAccountID=0x1&secondRevisionAccountID=1`,
      'query.firstRevisionAccountID',
    );
  });

  it('counts code checks per address across routes: 20 a minute in all, not 20 on each route', async () => {
    const rana = await f.user(USER_RANA);
    const ip = testIp();
    const call = (method: 'POST' | 'PUT', url: string, who: SignedIn = rana, remoteAddress = ip) =>
      f.t.app.inject({ method, url, headers: bearer(who.token), remoteAddress, payload: {} });
    // Refused before any code is checked (an empty body), so only the address's budget is spent.
    for (let i = 0; i < 20; i++)
      expect((await call('POST', `${BASE.case}/?code=000000`)).statusCode).toBe(400);
    expect((await call('POST', `${BASE.case}/?code=000000`)).statusCode).toBe(429);
    for (const [method, url, who] of [
      ['POST', `${BASE.account}/?code=000000`, rana],
      ['PUT', `/api/v3/user/${rana.user.id}/update-password`, rana],
      // Another user at the same address shares its budget.
      ['POST', `${BASE.account}/1/review/${reviewer.user.id}?approved=true&code=000000`, reviewer],
    ] as const) {
      const res = await call(method, url, who);
      expect([res.statusCode, res.json().error.code], url).toEqual([429, 'RATE_LIMITED']);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Another address has its own.
    expect((await call('POST', `${BASE.account}/?code=000000`, rana, testIp())).statusCode).toBe(400);
  });

  it('locks the account after five wrong codes in a row: 429 with Retry-After, right codes refused until then', async () => {
    const rana = await f.user(USER_RANA);
    const revision = (await f.revisions('account', f.freshRecord('account').Id))[0]!.id;
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++)
      expect((await f.create('account', rana, [revision], { code: f.wrongCode(rana.user) })).statusCode).toBe(
        400,
      );
    const locked = await f.create('account', rana, [revision], { code: f.wrongCode(rana.user) });
    expect([locked.statusCode, messageOf(locked)]).toEqual([429, CODES_LOCKED_MESSAGE]);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const right = await f.create('account', rana, [revision], { code: f.code(rana.user) });
    expect([right.statusCode, messageOf(right)]).toEqual([429, CODES_LOCKED_MESSAGE]);
  });

  it('rejects: REJECTED with reviewer and date, the CRM untouched; the revision may then be reported again', async () => {
    const rana = await f.user(USER_RANA);
    const { target, recordId } = await f.editedRecord('case', { Subject: 'Changed after the target' });
    const id = await f.reported('case', rana, target.id);
    const patches = f.sandbox.stats.patches;
    const crmBefore = f.sandbox.records.get('Case', recordId);

    const res = await f.review('case', reviewer, id, false);
    expect(res.statusCode, res.body).toBe(200);
    const rejected = oneCase.parse(res.json()).data.query;
    expect(rejected).toMatchObject({
      status: { id: 3, status: 'REJECTED' },
      userReviewer: { id: reviewer.user.id, username: reviewer.user.username },
    });
    expect(Date.parse(rejected.approvedAt!)).toBeGreaterThan(Date.parse(rejected.createdAt) - 1);
    expect(f.sandbox.stats.patches).toBe(patches);
    expect(f.sandbox.records.get('Case', recordId)).toEqual(crmBefore);
    expect(await f.auditActions(`restore-case-request:${id}`)).toEqual([
      'restore.created',
      'restore.rejected',
    ]);

    const again = await f.review('case', await f.user(ADMIN), id, true);
    expect([again.statusCode, messageOf(again)]).toEqual([409, 'This request has already been reviewed']);
    const listed = await f.request(
      reviewer,
      'GET',
      `${BASE.case}/?status=REJECTED&filter=${rana.user.username}`,
    );
    expect(casePage.parse(listed.json()).data.query.content.map((c) => c.id)).toEqual([id]);
    expect((await f.create('case', rana, [target.id])).statusCode).toBe(201);
  });

  it('refuses reviews of your own request, for another reviewer, with wrong or replayed codes, and unknown ids', async () => {
    const rana = await f.user(USER_RANA);
    const requester = await f.user(USER_RANA);
    const first = await f.reported(
      'case',
      rana,
      (await f.revisions('case', f.freshRecord('case').Id))[0]!.id,
    );
    const second = await f.reported(
      'case',
      requester,
      (await f.revisions('case', f.freshRecord('case').Id))[0]!.id,
    );
    const admin = await f.user(ADMIN);

    expect((await f.review('case', rana, first, true, { code: '1' })).statusCode).toBe(403);
    const forOther = await f.review('case', admin, first, false, { reviewerId: reviewer.user.id, code: '1' });
    expect([forOther.statusCode, messageOf(forOther)]).toEqual([403, 'reviewerId must be your own user id']);
    expect((await f.review('case', admin, 999_999, false, { code: '1' })).statusCode).toBe(404);
    expect((await f.request(admin, 'GET', `${BASE.case}/999999`)).statusCode).toBe(404);

    const wrong = await f.review('case', admin, first, false, { code: f.wrongCode(admin.user) });
    expect([wrong.statusCode, messageOf(wrong)]).toEqual([400, INVALID_TOTP_MESSAGE]);
    const code = f.code(admin.user);
    expect((await f.review('case', admin, first, false, { code })).statusCode).toBe(200);
    const replayed = await f.review('case', admin, second, false, { code });
    expect([replayed.statusCode, messageOf(replayed)]).toEqual([400, INVALID_TOTP_MESSAGE]);
    // Told apart from a wrong code, so that the user waits for the next one instead of retyping it.
    expect([codeOf(wrong), codeOf(replayed)]).toEqual([ErrorCode.INVALID_CODE, ErrorCode.CODE_USED]);
    expect((await f.requestRow('case', second))?.status_id).toBe(1);

    // The requester became an administrator: four eyes still holds.
    const adminRole = await findRoleByName(f.t.database.db, ADMIN);
    await f.t.database.db
      .updateTable('users')
      .set({ role_id: adminRole!.id })
      .where('id', '=', requester.user.id)
      .execute();
    const promoted = { user: requester.user, token: await signIn(f.t, requester.user) };
    const own = await f.review('case', promoted, second, false, { code: '1' });
    expect([own.statusCode, messageOf(own)]).toEqual([403, 'You cannot review your own request']);
  });

  it('refuses a review body that says something else than the path', async () => {
    const rana = await f.user(USER_RANA);
    const id = await f.reported('case', rana, (await f.revisions('case', f.freshRecord('case').Id))[0]!.id);
    const res = await f.request(
      reviewer,
      'POST',
      `${BASE.case}/${id}/review/${reviewer.user.id}?approved=false&code=1`,
      { userReviewerId: reviewer.user.id, restoreRequestsIdList: [id, id + 1], approved: false },
    );
    expect([res.statusCode, res.json().error.field]).toEqual([400, 'body.restoreRequestsIdList']);
  });
});
