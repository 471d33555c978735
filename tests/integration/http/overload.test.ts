import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/envelope';
import { ADMIN, USER_RANA } from '../../../contract/roles';
import type { Mailer } from '../../../server/mail/mailer';
import { bearer, signedInUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import { testDbKinds } from '../../support/test-database';

/** A mail server that takes each message only once `release` is called: an 'Invia QR' waits in its handler. */
function heldMailer() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  const mailer: Mailer = {
    send: async () => {
      sent++;
      await released;
    },
    close: () => undefined,
  };
  return { mailer, release, sent: () => sent };
}

describe.each(testDbKinds())('an overloaded server on %s', (kind) => {
  let t: TestApp;
  let token: string;
  let admin: { token: string; userId: number };
  const mail = heldMailer();

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { API_MAX_IN_FLIGHT: '2' }, deps: { mailer: mail.mailer } });
    const rana = await signedInUser(t, USER_RANA);
    token = rana.token;
    admin = { token: (await signedInUser(t, ADMIN)).token, userId: rana.user.id };
  });
  afterAll(() => t?.close());

  const agents = () => t.app.inject({ method: 'GET', url: '/api/v3/sf-user/', headers: bearer(token) });

  it('answers 429 with Retry-After beyond the requests it works on at once, and serves again once they end', async () => {
    // 'Invia QR' waits in its handler for the mail server: two of them are the two requests worked on.
    const sendQr = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/v3/user/${admin.userId}/qr-token`,
        headers: bearer(admin.token),
      });
    const held = [sendQr(), sendQr()];
    await expect.poll(mail.sent).toBe(2);

    const refused = await agents();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(errorBodySchema.parse(refused.json()).error.code).toBe('RATE_LIMITED');
    // Health checks are not API requests: they still answer.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);

    mail.release();
    expect((await Promise.all(held)).map((r) => r.statusCode)).toEqual([200, 200]);
    expect((await agents()).statusCode).toBe(200);
  });

  it('keeps no place for a request whose body is still on its way, nor for a route that does not exist', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const slow: Socket[] = [];
    try {
      for (const url of ['/api/v3/auth/login', '/api/v3/auth/login', '/api/v3/nothing-here']) {
        const socket = connect(port, '127.0.0.1');
        socket.on('error', () => undefined);
        await new Promise((resolve) => socket.once('connect', resolve));
        // Headers and the first byte of a body announced as 100 kB: the rest never comes.
        socket.write(
          `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
        );
        slow.push(socket);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect((await agents()).statusCode).toBe(200);
      expect((await agents()).statusCode).toBe(200);
    } finally {
      for (const socket of slow) socket.destroy();
    }
  });
});
