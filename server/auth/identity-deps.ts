import type { AppDeps } from '../app';
import { AuditService } from '../audit/audit.service';
import type { Db } from '../db/database';
import { mailerFromConfig, type Mailer } from '../mail/mailer';
import type { SessionService } from './sessions';

/** What the sign-in and user routes share, built once from the app's dependencies. */
export type IdentityDeps = {
  db: Db;
  sessions: SessionService;
  audit: AuditService;
  mailer: Mailer | null;
  /** The mailer was built here (not passed in), so the app closes it. */
  ownsMailer: boolean;
  secretsKey: Buffer;
  publicUrl: string;
  now: () => Date;
};

export function identityDeps(deps: AppDeps): IdentityDeps {
  const now = deps.now ?? (() => new Date());
  const ownsMailer = deps.mailer === undefined;
  return {
    db: deps.db,
    sessions: deps.sessions,
    audit: new AuditService(deps.db, now),
    mailer: ownsMailer ? mailerFromConfig(deps.config) : (deps.mailer ?? null),
    ownsMailer,
    secretsKey: deps.config.secretsKey,
    publicUrl: deps.config.publicUrl,
    now,
  };
}
