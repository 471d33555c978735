import { AuditService } from '../audit-log/audit.service';
import type { Config } from '../config/config';
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
  /** Behind https: cookies are marked Secure. */
  secureTransport: boolean;
  now: () => Date;
};

/** What identity needs of the app's dependencies (the app's own AppDeps fits). */
export type IdentitySources = {
  config: Config;
  db: Db;
  sessions: SessionService;
  mailer?: Mailer | null;
  now?: () => Date;
};

export function identityDeps(deps: IdentitySources): IdentityDeps {
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
    secureTransport: deps.config.secureTransport,
    now,
  };
}
