import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAnswerSchema } from '../../../contract/auth';
import { envelopeOf } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { qrCodeSchema, qrLinkSchema } from '../../../contract/users';
import { timeStepAt, totpCodeAt } from '../../../server/identity/totp';
import { bearer, createUserWithSecret, nextCode, testIp, testPassword } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';

/** Signs in, enrols a user and changes a password with the log on, then looks for every secret in what it wrote. */
describe('the server log', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    t = await createTestApp('pglite', { deps: { logger: { level: 'debug', stream } } });
  });
  afterAll(() => t.close());

  it('holds no code, password, token, enrolment link, cookie or query parameter', async () => {
    const secrets: string[] = [];
    const admin = await createUserWithSecret(t, ADMIN);
    const adminCode = nextCode(t, admin);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: `/api/v3/auth/login?code=${adminCode.code}`,
      payload: { username: admin.username, password: admin.password },
      remoteAddress: testIp(),
    });
    expect(signedIn.statusCode).toBe(200);
    admin.lastStep = adminCode.step;
    const adminToken = loginAnswerSchema.parse(signedIn.json()).data.token;
    const deviceCookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    secrets.push(adminCode.code, admin.password, adminToken, deviceCookie.split('=')[1]!);

    // A wrong code and a wrong password are secrets too (a typo of the real one).
    await t.app.inject({
      method: 'POST',
      url: '/api/v3/auth/login?code=918273',
      payload: { username: admin.username, password: 'Typo-of-the-password-1' },
      headers: { cookie: deviceCookie },
      remoteAddress: testIp(),
    });
    secrets.push('918273', 'Typo-of-the-password-1');

    const user = await createUserWithSecret(t, USER_RANA);
    const issued = await t.app.inject({
      method: 'GET',
      url: `/api/v3/user/${user.id}/qr-token`,
      headers: bearer(adminToken),
    });
    const { qrToken } = envelopeOf(qrLinkSchema).parse(issued.json()).data.query;
    const qr = await t.app.inject({ method: 'GET', url: `/api/v3/user/${qrToken}/qr-code` });
    const { secretKey } = envelopeOf(qrCodeSchema).parse(qr.json()).data.query;
    secrets.push(qrToken, secretKey);

    const userCode = totpCodeAt(secretKey, t.now());
    const userIn = await t.app.inject({
      method: 'POST',
      url: `/api/v3/auth/login?code=${userCode}`,
      payload: { username: user.username, password: user.password },
      remoteAddress: testIp(),
    });
    expect(userIn.statusCode).toBe(200);
    user.lastStep = timeStepAt(t.now());
    const userToken = loginAnswerSchema.parse(userIn.json()).data.token;
    const newPassword = testPassword();
    const changed = await t.app.inject({
      method: 'PUT',
      url: `/api/v3/user/${user.id}/update-password`,
      headers: bearer(userToken),
      payload: { oldPassword: user.password, newPassword },
    });
    expect(changed.statusCode).toBe(200);
    secrets.push(userCode, user.password, userToken, newPassword);

    // 'Invia QR' to a user who signs in, then 'Conferma' on the QR page: the token travels in the path.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/v3/user/${user.id}/qr-token`,
      headers: bearer(adminToken),
    });
    const next = envelopeOf(qrLinkSchema).parse(again.json()).data.query.qrToken;
    const nextQr = await t.app.inject({ method: 'GET', url: `/api/v3/user/${next}/qr-code` });
    const nextSecret = envelopeOf(qrCodeSchema).parse(nextQr.json()).data.query.secretKey;
    const confirmCode = totpCodeAt(nextSecret, t.now());
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/v3/user/${next}/confirm?code=${confirmCode}`,
      remoteAddress: testIp(),
    });
    expect(confirmed.statusCode).toBe(200);
    secrets.push(next, nextSecret, confirmCode);

    // A failed query logs its error, never the values it was given.
    t.app.log.error(
      { err: Object.assign(new Error('duplicate key'), { parameters: ['param-secret-42'], detail: 'x' }) },
      'query failed',
    );
    secrets.push('param-secret-42');

    const log = lines.join('');
    expect(log).toContain('/api/v3/auth/login?code=[redacted]');
    expect(log).toContain('/api/v3/user/[redacted]/qr-code');
    expect(log).toContain('/api/v3/user/[redacted]/confirm?code=[redacted]');
    for (const secret of secrets) expect(log, `the log holds ${secret}`).not.toContain(secret);
  });
});
