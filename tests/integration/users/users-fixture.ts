import { afterAll, beforeAll } from 'vitest';
import { envelopeOf, errorBodySchema } from '../../../contract/envelope';
import { pageOf } from '../../../contract/page';
import { ADMIN } from '../../../contract/roles';
import { userSchema } from '../../../contract/users';
import { bearer, createUserWithSecret, signIn, testIp, type TestUser } from '../../support/auth';
import { createTestApp, type TestApp } from '../../support/test-app';
import type { TestDbKind } from '../../support/test-database';

export const userPage = envelopeOf(pageOf(userSchema));
export const oneUser = envelopeOf(userSchema);
export const error = (res: { json(): unknown }) => errorBodySchema.parse(res.json());

export type AdminApp = { t: TestApp; admin: TestUser; token: string };

/**
 * A fresh app on `kind` with an administrator signed in, for the describe block that calls this; `ready` gets them
 * before its tests run. `call` sends a request as that administrator (or with the token `as`), `auditOf` answers
 * the audit rows of one target, oldest first.
 */
export function usersApp(kind: TestDbKind, ready: (app: AdminApp) => void) {
  let app: AdminApp;
  beforeAll(async () => {
    const t = await createTestApp(kind);
    const admin = await createUserWithSecret(t, ADMIN);
    app = { t, admin, token: await signIn(t, admin) };
    ready(app);
  });
  afterAll(() => app.t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, as = app.token) =>
    app.t.app.inject({
      method,
      url,
      headers: bearer(as),
      ...(payload ? { payload } : {}),
      remoteAddress: testIp(),
    });

  const auditOf = (target: string) =>
    app.t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'ip'])
      .where('target', '=', target)
      .orderBy('id')
      .execute();

  return { call, auditOf };
}
