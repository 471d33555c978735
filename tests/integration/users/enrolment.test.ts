import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginError } from '../../../contract/auth';
import { ErrorCode } from '../../../contract/error-codes';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import { qrCodeSchema, qrLinkSchema, qrTokenSchema } from '../../../contract/users';
import { TOTP_PERIOD_S, totpCodeAt } from '../../../server/identity/totp';
import {
  bearer,
  createUserWithSecret,
  signIn,
  signedInUser,
  testIp,
  type TestUser,
} from '../../support/auth';
import { TestClock } from '../../support/clock';
import { decodeQuotedPrintable, startSmtpReceiver } from '../../support/smtp-receiver';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

const qrTokenAnswer = envelopeOf(qrLinkSchema);
const qrCodeAnswer = envelopeOf(qrCodeSchema);

/** Signs in with what the QR code gave: the secret as a phone app would hold it. */
async function signInWithSecret(t: TestApp, user: TestUser, secret: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v3/auth/login?code=${totpCodeAt(secret, t.now())}`,
    payload: { username: user.username, password: user.password },
    remoteAddress: testIp(),
  });
}

describe.each(testDbKinds())('QR enrolment on %s', (kind) => {
  let t: TestApp;
  const clock = new TestClock();
  let adminToken: string;

  beforeAll(async () => {
    t = await createTestApp(kind, { now: clock.now });
    adminToken = await signIn(t, await createUserWithSecret(t, ADMIN));
  });
  afterAll(() => t.close());

  const issue = async (userId: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v3/user/${userId}/qr-token`,
      headers: bearer(adminToken),
      remoteAddress: testIp(),
    });
    expect(res.statusCode).toBe(200);
    return qrTokenAnswer.parse(res.json()).data.query;
  };
  const qrCode = (token: string) =>
    t.app.inject({ method: 'GET', url: `/api/v3/user/${token}/qr-code`, remoteAddress: testIp() });
  const expectExpired = async (token: string) => {
    const res = await qrCode(token);
    expect(res.statusCode).toBe(401);
    expect(errorBodySchema.parse(res.json()).message).toMatch(/expired or was already used/);
  };

  it('issues a one-use link to PUBLIC_URL/2fa/{token}, storing only a hash of the token', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const answer = await issue(user.id);
    expect(answer).toEqual({
      qrToken: expect.stringMatching(/^[\w-]{43}$/),
      url: `${t.config.publicUrl}/2fa/${answer.qrToken}`,
      emailed: false,
    });
    const rows = await t.database.db
      .selectFrom('qr_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(answer.qrToken);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `user:${user.id}`)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['user.enrolment-issued']);
  });

  it('shows the QR code and the secret until the first sign-in with the new secret, then 401', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { qrToken } = await issue(user.id);
    const first = await qrCode(qrToken);
    expect(first.statusCode).toBe(200);
    const { qrCode: png, secretKey } = qrCodeAnswer.parse(first.json()).data.query;
    expect(png).toMatch(/^data:image\/png;base64,/);
    expect(secretKey).toMatch(/^[A-Z2-7]{32}$/);
    expect(secretKey).not.toBe(user.secret);

    const stored = await t.database.db
      .selectFrom('users')
      .select('totp_secret_enc')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored.totp_secret_enc).not.toContain(secretKey);

    const reload = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;
    expect(reload.secretKey).toBe(secretKey);

    const oldSecret = await signInWithSecret(t, user, user.secret);
    expect(errorBodySchema.parse(oldSecret.json()).error.code).toBe(LoginError.WRONG_CODE);
    expect((await qrCode(qrToken)).statusCode).toBe(200);

    expect((await signInWithSecret(t, user, secretKey)).statusCode).toBe(200);
    await expectExpired(qrToken);
  });

  it.skipIf(!existsSync('/usr/bin/zbarimg'))('draws a QR code an authenticator app reads', async () => {
    const user = await createUserWithSecret(t, USER_RANA, { username: `mario.rossi+${Date.now()}` });
    const { qrToken } = await issue(user.id);
    const { qrCode: png, secretKey } = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'storico-qr-')), 'qr.png');
    writeFileSync(file, Buffer.from(png.replace(/^data:image\/png;base64,/, ''), 'base64'));
    const uri = new URL(
      execFileSync('zbarimg', ['-q', '--raw', file], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim(),
    );
    expect(`${uri.protocol}//${uri.host}${decodeURIComponent(uri.pathname)}`).toBe(
      `otpauth://totp/Storico:${user.username}`,
    );
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: secretKey,
      issuer: 'Storico',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });

  it('answers 401 for a link replaced by a newer one', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const older = await issue(user.id);
    const newer = await issue(user.id);
    await expectExpired(older.qrToken);
    expect((await qrCode(newer.qrToken)).statusCode).toBe(200);
  });

  it('answers 401 for a link older than 24 hours', async () => {
    const user = await createUserWithSecret(t, USER_RANA);
    const { qrToken } = await issue(user.id);
    clock.advance(24 * 60 * 60 * 1000 - 1000);
    expect((await qrCode(qrToken)).statusCode).toBe(200);
    clock.advance(2000);
    await expectExpired(qrToken);
    adminToken = await signIn(t, await createUserWithSecret(t, ADMIN));
  });

  it('answers 401 for an unknown link and for the link of a deleted user', async () => {
    await expectExpired('no-such-token');
    const user = await createUserWithSecret(t, USER_RANA);
    const { qrToken } = await issue(user.id);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v3/user/${user.id}`,
      headers: bearer(adminToken),
    });
    expect(del.statusCode).toBe(200);
    await expectExpired(qrToken);
  });

  describe('for a user who already signs in', () => {
    const issueFor = async (userId: number, reset = false) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/user/${userId}/qr-token${reset ? '?reset=true' : ''}`,
        headers: bearer(adminToken),
        remoteAddress: testIp(),
      });
      expect(res.statusCode).toBe(200);
      return qrTokenAnswer.parse(res.json()).data.query;
    };
    const confirm = (token: string, code: string, ip = testIp()) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v3/user/${token}/confirm?code=${code}`,
        remoteAddress: ip,
      });
    const sessionAnswers = (token: string) =>
      t.app.inject({ method: 'GET', url: '/api/v3/auth/sessions', headers: bearer(token) });
    const wrongCodeOf = (secret: string) =>
      String((Number(totpCodeAt(secret, t.now())) + 500000) % 1000000).padStart(6, '0');
    const nextStep = () => clock.advance(TOTP_PERIOD_S * 1000);

    it("keeps the old authenticator working after 'Invia QR' and refuses the new one at sign-in until confirmed", async () => {
      const { user, token } = await signedInUser(t, USER_RANA);
      const { qrToken } = await issueFor(user.id);
      const shown = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;
      expect(shown.confirm).toBe(true);
      expect(shown.secretKey).not.toBe(user.secret);
      expect((await sessionAnswers(token)).statusCode).toBe(200);

      const withNew = await signInWithSecret(t, user, shown.secretKey);
      expect(errorBodySchema.parse(withNew.json()).error.code).toBe(LoginError.WRONG_CODE);
      nextStep();
      expect((await signInWithSecret(t, user, user.secret)).statusCode).toBe(200);
      // Signing in with the old authenticator leaves the link open for 'Conferma'.
      expect((await qrCode(qrToken)).statusCode).toBe(200);
    });

    it('confirms the new authenticator with its code: the old one stops, sessions end, the link is used up', async () => {
      const { user, token } = await signedInUser(t, USER_RANA);
      const { qrToken } = await issueFor(user.id);
      const { secretKey } = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;

      const wrong = await confirm(qrToken, wrongCodeOf(secretKey));
      expect(wrong.statusCode).toBe(400);
      expect(errorBodySchema.parse(wrong.json()).error.code).toBe(ErrorCode.INVALID_CODE);
      const oldCode = await confirm(qrToken, totpCodeAt(user.secret, t.now()));
      expect(oldCode.statusCode).toBe(400);
      expect((await sessionAnswers(token)).statusCode).toBe(200);

      const ok = await confirm(qrToken, totpCodeAt(secretKey, t.now()));
      expect(ok.statusCode).toBe(200);
      expect((await sessionAnswers(token)).statusCode).toBe(401);
      await expectExpired(qrToken);
      // The confirming code is spent: it cannot sign in afterwards.
      const replay = await signInWithSecret(t, user, secretKey);
      expect(errorBodySchema.parse(replay.json()).error.code).toBe(LoginError.WRONG_CODE);

      nextStep();
      nextStep();
      const withOld = await signInWithSecret(t, user, user.secret);
      expect(errorBodySchema.parse(withOld.json()).error.code).toBe(LoginError.WRONG_CODE);
      expect((await signInWithSecret(t, user, secretKey)).statusCode).toBe(200);

      const audit = await t.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('target', '=', `user:${user.id}`)
        .where('action', 'like', 'user.%')
        .orderBy('id')
        .execute();
      expect(audit.map((a) => a.action)).toEqual([
        'user.enrolment-issued',
        'user.enrolment-opened',
        'user.enrolment-confirm-refused',
        'user.enrolment-confirm-refused',
        'user.enrolment-confirmed',
      ]);
    });

    it('locks the confirmation of an address after five wrong codes, like sign-in', async () => {
      const { user } = await signedInUser(t, USER_RANA);
      const { qrToken } = await issueFor(user.id);
      const { secretKey } = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;
      const ip = testIp();
      for (let i = 0; i < 4; i++)
        expect((await confirm(qrToken, wrongCodeOf(secretKey), ip)).statusCode).toBe(400);
      const fifth = await confirm(qrToken, wrongCodeOf(secretKey), ip);
      expect(fifth.statusCode).toBe(429);
      expect(errorBodySchema.parse(fifth.json()).error.code).toBe(ErrorCode.CODES_LOCKED);
      expect((await confirm(qrToken, totpCodeAt(secretKey, t.now()), ip)).statusCode).toBe(429);
      // Another address is not locked out.
      expect((await confirm(qrToken, totpCodeAt(secretKey, t.now()))).statusCode).toBe(200);
    });

    it('replaces the secret at once with reset=true, ending the sessions', async () => {
      const { user, token } = await signedInUser(t, USER_RANA);
      const { qrToken } = await issueFor(user.id, true);
      expect((await sessionAnswers(token)).statusCode).toBe(401);
      const shown = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;
      expect(shown.confirm).toBe(false);
      nextStep();
      const withOld = await signInWithSecret(t, user, user.secret);
      expect(errorBodySchema.parse(withOld.json()).error.code).toBe(LoginError.WRONG_CODE);
      expect((await signInWithSecret(t, user, shown.secretKey)).statusCode).toBe(200);
      await expectExpired(qrToken);
    });

    it('has nothing to confirm on the link of a user who never signed in', async () => {
      const user = await createUserWithSecret(t, USER_RANA);
      const { qrToken } = await issueFor(user.id);
      const { secretKey, confirm: asks } = qrCodeAnswer.parse((await qrCode(qrToken)).json()).data.query;
      expect(asks).toBe(false);
      const res = await confirm(qrToken, totpCodeAt(secretKey, t.now()));
      expect(res.statusCode).toBe(409);
      expect(errorBodySchema.parse(res.json()).error.code).toBe(ErrorCode.NOTHING_TO_CONFIRM);
    });
  });

  it('answers 404 for a link asked for an unknown user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v3/user/999999/qr-token',
      headers: bearer(adminToken),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe.each(testDbKinds())('enrolment e-mail on %s', (kind) => {
  it('e-mails the link through SMTP_URL', async () => {
    const smtp = await startSmtpReceiver();
    const t = await createTestApp(kind, {
      env: {
        SMTP_URL: smtp.url,
        SMTP_FROM: 'Storico <storico@example.test>',
        PUBLIC_URL: 'https://storico.example.test',
      },
    });
    try {
      const adminToken = await signIn(t, await createUserWithSecret(t, ADMIN));
      const user = await createUserWithSecret(t, USER_RANA, { email: `giulia.${Date.now()}@example.test` });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/user/${user.id}/qr-token`,
        headers: bearer(adminToken),
      });
      // The link goes to its user alone: the administrator's answer holds neither it nor its token.
      expect(envelopeOf(qrTokenSchema).parse(res.json()).data.query).toStrictEqual({ emailed: true });
      expect(smtp.messages).toHaveLength(1);
      const [mail] = smtp.messages;
      expect(mail!.from).toBe('storico@example.test');
      expect(mail!.to).toEqual([user.email]);
      expect(mail!.raw).toMatch(/^Subject: Storico: configura il codice di accesso/m);
      const text = decodeQuotedPrintable(mail!.raw);
      const qrToken = /https:\/\/storico\.example\.test\/2fa\/([\w-]{43})/.exec(text)?.[1];
      expect(qrToken).toBeDefined();
      expect(res.body).not.toContain(qrToken);
      expect(text).toContain('dopo il primo accesso');

      // A user who already signs in is asked to confirm the new code, and told the current one keeps working.
      const shown = await t.app.inject({ method: 'GET', url: `/api/v3/user/${qrToken}/qr-code` });
      user.secret = qrCodeAnswer.parse(shown.json()).data.query.secretKey;
      await signIn(t, user);
      await t.app.inject({
        method: 'GET',
        url: `/api/v3/user/${user.id}/qr-token`,
        headers: bearer(adminToken),
      });
      expect(smtp.messages).toHaveLength(2);
      const second = decodeQuotedPrintable(smtp.messages[1]!.raw);
      expect(second).toContain('premi Conferma');
      expect(second).toContain('il codice che usi ora continua a funzionare');
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('still answers the link when the mail server cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const t = await createTestApp(kind, { env: { SMTP_URL: `smtp://127.0.0.1:${closedPort}` } });
    try {
      const adminToken = await signIn(t, await createUserWithSecret(t, ADMIN));
      const user = await createUserWithSecret(t, USER_RANA);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v3/user/${user.id}/qr-token`,
        headers: bearer(adminToken),
      });
      expect(res.statusCode).toBe(200);
      expect(qrTokenAnswer.parse(res.json()).data.query).toMatchObject({ emailed: false });
    } finally {
      await t.close();
    }
  });
});
