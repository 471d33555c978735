import { sql } from 'kysely';
import { ADMIN, USER_RANA, productRole } from '../../contract/roles';
import { AuditService } from '../audit-log/audit.service';
import { hashPassword, randomPassword } from '../identity/passwords';
import { sealTotpSecret } from '../identity/totp-secrets';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { enrolmentUrl, issueEnrolment } from './enrolment.service';
import { findRoleByName, upsertRoles } from '../identity/roles.repository';
import { countUsers, insertUser, updateUser } from '../identity/users.repository';

const titleCase = (code: string) => code.charAt(0) + code.slice(1).toLowerCase();

/** ADMIN ('Admin'), USER_{PRODUCT_CODE} ('User Storico'), USER_RANA ('User Rana'). */
export const roleDefinitions = (productCode: string) => [
  { name: ADMIN, label: 'Admin' },
  { name: productRole(productCode), label: `User ${titleCase(productCode)}` },
  { name: USER_RANA, label: 'User Rana' },
];

export async function ensureRoles(db: Db, productCode: string): Promise<void> {
  await upsertRoles(db, roleDefinitions(productCode));
}

type FirstUser = {
  username: string;
  role: string;
  password: string | undefined;
  totpSecret: string | undefined;
};

export type CreatedUser = {
  username: string;
  role: string;
  /** Present when it was generated here: shown once, never stored in clear. */
  generatedPassword?: string;
  enrolmentUrl?: string;
};

/**
 * On an empty user table: the administrator of ADMIN_USERNAME / ADMIN_PASSWORD / ADMIN_TOTP_SECRET (a random
 * password and an enrolment link when not set) and, in demo mode, one user per other role. Returns who was made.
 */
export async function bootstrapUsers(
  db: Db,
  config: Config,
  now: () => Date = () => new Date(),
): Promise<CreatedUser[]> {
  return db.transaction().execute(async (trx) => {
    // Two instances starting on one database must not both find the table empty.
    await sql`select pg_advisory_xact_lock(hashtext('storico:bootstrap-users'))`.execute(trx);
    if ((await countUsers(trx)) > 0) return [];
    const first: FirstUser[] = [{ ...config.bootstrapAdmin, role: ADMIN }];
    if (config.demo)
      for (const role of [productRole(config.productCode), USER_RANA])
        first.push({ username: role.toLowerCase(), role, password: undefined, totpSecret: undefined });
    const created: CreatedUser[] = [];
    for (const user of first) created.push(await createFirstUser(trx, config, user, now()));
    return created;
  });
}

async function createFirstUser(db: Db, config: Config, user: FirstUser, now: Date): Promise<CreatedUser> {
  const role = await findRoleByName(db, user.role);
  if (!role) throw new Error(`Role ${user.role} is missing: run ensureRoles first`);
  const password = user.password ?? randomPassword();
  const id = await insertUser(db, {
    username: user.username,
    email: `${user.username.replace(/[^\w.-]/g, '')}@storico.local`,
    password_hash: await hashPassword(password),
    role_id: role.id,
    created_at: now,
    updated_at: now,
  });
  let qrToken: string | undefined;
  if (user.totpSecret) {
    const secret = user.totpSecret.replace(/=+$/, '');
    await updateUser(db, id, { totp_secret_enc: sealTotpSecret(secret, config.secretsKey, id) });
  } else {
    qrToken = await issueEnrolment(db, { userId: id, secretsKey: config.secretsKey, now });
  }
  await new AuditService(db, () => now).record({
    action: 'user.created',
    actor: null,
    target: `user:${id}`,
    details: { username: user.username, role: user.role, bootstrap: true },
  });
  return {
    username: user.username,
    role: user.role,
    ...(user.password ? {} : { generatedPassword: password }),
    ...(qrToken ? { enrolmentUrl: enrolmentUrl(config.publicUrl, qrToken) } : {}),
  };
}

const FRAME = '='.repeat(78);

/**
 * The one time these passwords and links are shown: framed by two rules and set apart by blank lines, so that it
 * stands out of the start-up log around it.
 */
export function describeCreatedUsers(users: CreatedUser[]): string {
  if (users.length === 0) return '';
  const lines = [
    '',
    FRAME,
    'Storico: first users created (this is the only time their passwords are shown):',
    '',
  ];
  for (const u of users) {
    lines.push(`  ${u.username} (${u.role})`);
    if (u.generatedPassword) lines.push(`    password:  ${u.generatedPassword}`);
    if (u.enrolmentUrl) lines.push(`    authenticator setup (valid 24 h): ${u.enrolmentUrl}`);
  }
  lines.push('', FRAME, '');
  return lines.join('\n');
}

/** At every start: the roles exist; on the first, the first users. */
export async function bootstrapIdentity(
  db: Db,
  config: Config,
  print: (text: string) => void = console.log,
): Promise<void> {
  await ensureRoles(db, config.productCode);
  const created = await bootstrapUsers(db, config);
  if (created.length > 0) print(describeCreatedUsers(created));
}
