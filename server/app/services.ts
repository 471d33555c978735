import { SearchService } from '../search/search.service';
import { AuthService } from '../auth/auth.service';
import { identityDeps, type IdentityDeps, type IdentitySources } from '../identity/identity-deps';
import type { CrmConnector } from '../crm/crm-connector';
import { restoreMailOf, type RestoreMail } from '../restores/restore-mail';
import type { AuditService } from '../audit-log/audit.service';
import type { Mailer } from '../mail/mailer';
import { OneAtATime } from '../identity/one-at-a-time';
import { RestoresService } from '../restores/restores.service';
import { silentLogger, type SyncLogger } from '../config/logger';
import { RevisionsService } from '../revisions/revisions.service';
import { RelatedService } from '../revisions/related.service';
import { EnrolmentService } from '../users/enrolment.service';
import { UsersService } from '../users/users.service';
import { AlertsService } from '../watch/alerts.service';
import { RollbackRunner } from '../rollbacks/rollback-runner';
import { RollbacksService } from '../rollbacks/rollbacks.service';

/** Every service of the API, built once per app and handed to the route plugins that use them. */
export type Services = {
  identity: IdentityDeps;
  /** The one audit log of the app and its background work. */
  audit: AuditService;
  /** The SMTP_URL mailer, or none. */
  mailer: Mailer | null;
  /** The restore e-mails, shared by the routes and the outcome check; none without SMTP_URL. */
  restoreMail: RestoreMail | null;
  auth: AuthService;
  users: UsersService;
  enrolment: EnrolmentService;
  search: SearchService;
  revisions: RevisionsService;
  /** A case's e-mails and comments. */
  related: RelatedService;
  restores: RestoresService;
  alerts: AlertsService;
  rollbacks: RollbacksService;
  /** Applies approved rollbacks batch by batch; none without a CRM. */
  rollbackRunner: RollbackRunner | undefined;
  /** Set once the worker runs: an approval wakes it. */
  rollbackWakeUp: { wake: () => void };
};

export function buildServices(deps: IdentitySources & { crm?: CrmConnector; logger?: SyncLogger }): Services {
  const identity = identityDeps(deps);
  const { db, audit, now } = identity;
  const rollbackWakeUp = { wake: () => {} };
  const oneAtATime = new OneAtATime();
  const restoreMail = restoreMailOf({
    db,
    mailer: identity.mailer,
    publicUrl: identity.publicUrl,
    productCode: deps.config.productCode,
    logger: deps.logger ?? silentLogger,
  });
  return {
    identity,
    audit,
    mailer: identity.mailer,
    restoreMail,
    auth: new AuthService(identity),
    users: new UsersService(identity),
    enrolment: new EnrolmentService(identity),
    search: new SearchService(db),
    revisions: new RevisionsService(db, deps.crm),
    related: new RelatedService(db),
    restores: new RestoresService({
      db,
      crm: deps.crm,
      audit,
      secretsKey: identity.secretsKey,
      now,
      outcomeWaitMs: deps.config.restoreOutcomeWaitMs,
      fourEyesCooldownDays: deps.config.fourEyesCooldownDays,
      oneAtATime,
      mail: restoreMail,
      maxApiUsage: deps.config.sfApiMaxUsage,
    }),
    alerts: new AlertsService({ db, crm: deps.crm, audit, now, maxApiUsage: deps.config.sfApiMaxUsage }),
    rollbacks: new RollbacksService({
      db,
      crm: deps.crm,
      audit,
      secretsKey: identity.secretsKey,
      now,
      wake: () => rollbackWakeUp.wake(),
      oneAtATime,
      fourEyesCooldownDays: deps.config.fourEyesCooldownDays,
      maxApiUsage: deps.config.sfApiMaxUsage,
    }),
    rollbackRunner: deps.crm
      ? new RollbackRunner({
          db,
          crm: deps.crm,
          audit,
          now,
          batchSize: deps.config.rollback.batchSize,
          outcomeWaitMs: deps.config.restoreOutcomeWaitMs,
          maxApiUsage: deps.config.sfApiMaxUsage,
          logger: deps.logger,
        })
      : undefined,
    rollbackWakeUp,
  };
}
