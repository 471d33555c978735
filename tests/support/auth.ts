import { randomBytes } from 'node:crypto';
import { loginAnswerSchema } from '../../contract/auth';
import { ADMIN, USER_RANA, productRole } from '../../contract/roles';
import { hashPassword } from '../../server/identity/passwords';
import { generateTotpSecret, timeStepAt, totpCodeAt, TOTP_PERIOD_S } from '../../server/identity/totp';
import { sealTotpSecret } from '../../server/identity/totp-secrets';
import { findRoleByName } from '../../server/identity/roles.repository';
import { insertUser } from '../../server/identity/users.repository';
import { STEP_END_MARGIN_MS } from './clock';
import type { TestApp } from './test-app';

export type TestUser = {
  id: number;
  username: string;
  email: string;
  password: string;
  role: string;
  /** The base32 TOTP secret, as the user's authenticator app holds it. */
  secret: string;
  /** The last time step this helper signed in with: the server refuses a code twice. */
  lastStep: number | null;
};

/** Every role of the app under test: ADMIN, USER_{PRODUCT_CODE}, USER_RANA. */
export const allRoles = (t: TestApp): string[] => [ADMIN, productRole(t.config.productCode), USER_RANA];

let serial = 0;
let ipSerial = 0;
const unique = () => `${++serial}${randomBytes(3).toString('hex')}`;

/** A valid password under the password rules. */
export const testPassword = () => `Pw-${randomBytes(6).toString('hex')}A1!`;

/** A client address of its own, so per-IP rate limits of one test do not spill into another. */
export const testIp = () => {
  const n = ++ipSerial;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A live user of `role` with a known password and an enrolled TOTP secret, straight in the database. */
export async function createUserWithSecret(
  t: TestApp,
  role: string,
  fields: { username?: string; email?: string; password?: string } = {},
): Promise<TestUser> {
  const db = t.database.db;
  const roleRow = await findRoleByName(db, role);
  if (!roleRow) throw new Error(`createUserWithSecret: no role ${role}`);
  const username = fields.username ?? `user-${unique()}`;
  const email = fields.email ?? `${username}@example.test`;
  const password = fields.password ?? testPassword();
  const secret = generateTotpSecret();
  const now = t.now();
  const id = await insertUser(db, {
    username,
    email,
    password_hash: await hashPassword(password),
    role_id: roleRow.id,
    created_at: now,
    updated_at: now,
  });
  await db
    .updateTable('users')
    .set({ totp_secret_enc: sealTotpSecret(secret, t.config.secretsKey, id) })
    .where('id', '=', id)
    .execute();
  return { id, username, email, password, role, secret, lastStep: null };
}

/** How long until the current time step ends, at the app's clock. */
function stepEndsIn(t: TestApp): { current: number; endsIn: number } {
  const at = t.now().getTime();
  const current = timeStepAt(new Date(at));
  return { current, endsIn: (current + 1) * TOTP_PERIOD_S * 1000 - at };
}

/**
 * The user's code for the first time step not used yet, at the app's clock. The server accepts ±1 step, so a user
 * can sign in three times within one step; a fourth time needs the clock moved (or another user). A code of the
 * step before the current one is accepted only until the current step ends, so it is not given that close to the end.
 */
export function nextCode(t: TestApp, user: TestUser): { code: string; step: number } {
  const { current, endsIn } = stepEndsIn(t);
  const earliest = endsIn <= STEP_END_MARGIN_MS ? current : current - 1;
  const step = Math.max(earliest, (user.lastStep ?? -Infinity) + 1);
  if (step > current + 1)
    throw new Error(
      `${user.username} used every code of this 30 s window: move the test clock or use another user`,
    );
  return { code: totpCodeAt(user.secret, new Date(step * TOTP_PERIOD_S * 1000)), step };
}

/**
 * A fresh user's first code is of the step before the current one; so close to the end of the step that the server
 * might check it after, the helper waits the step out and keeps the user's three codes of a step.
 */
async function clearOfStepEnd(t: TestApp, user: TestUser): Promise<void> {
  const { current, endsIn } = stepEndsIn(t);
  if ((user.lastStep ?? -Infinity) < current - 1 && endsIn <= STEP_END_MARGIN_MS)
    await new Promise((resolve) => setTimeout(resolve, endsIn + 10));
}

/** Signs in through the API and answers the bearer token; fails the test on any refusal. */
export async function signIn(t: TestApp, user: TestUser, options: { ip?: string } = {}): Promise<string> {
  await clearOfStepEnd(t, user);
  const { code, step } = nextCode(t, user);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v3/auth/login?code=${code}`,
    payload: { username: user.username, password: user.password },
    remoteAddress: options.ip ?? testIp(),
  });
  if (res.statusCode !== 200)
    throw new Error(`signIn(${user.username}) answered ${res.statusCode}: ${res.body}`);
  user.lastStep = step;
  return loginAnswerSchema.parse(res.json()).data.token;
}

/** A new user of `role`, signed in: `{ user, token }`. */
export async function signedInUser(t: TestApp, role: string): Promise<{ user: TestUser; token: string }> {
  const user = await createUserWithSecret(t, role);
  return { user, token: await signIn(t, user) };
}
