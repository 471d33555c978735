import { fieldLabel, withoutFollowers } from '../../contract/field-labels';
import { rolesAllowed } from '../../contract/permissions';
import { formatDateTime } from '../../contract/rome-time';
import type { Db } from '../db/database';
import type { ForcedRestoreGrant } from '../db/tables/alerts.table';
import { recordKinds, type RecordKind } from '../db/record-kinds';
import type { Mailer, MailMessage } from '../mail/mailer';
import { reviewerAddresses } from '../mail/reviewer-addresses';
import type { SyncLogger } from '../config/logger';
import { findRequests, type RequestView } from './restores.repository';

/** The client's restore lists (src/app's routes), where reviewers act on a request. */
const LIST_ROUTES: Record<RecordKind, string> = {
  account: '/gestione_ripristini_contatti/gestioneRipristiniContatti',
  case: '/gestione_ripristini_casi/gestioneRipristiniCasi',
};

/** What happened to a request, as its requester is told. */
export type RestoreOutcome = 'approved' | 'rejected' | 'not-applied';

function recordName(kind: RecordKind, view: RequestView): string {
  const field = kind === 'account' ? view.target.Name : view.target.CaseNumber;
  const label = view.recordLabel ?? (typeof field === 'string' ? field : null);
  const noun = kind === 'account' ? 'contatto' : 'caso';
  return label ? `${noun} ${label}` : `${noun} ${view.recordId}`;
}

/**
 * What the restore writes, by the names the app gives the fields: the chosen fields when the requester chose some,
 * else every field that differed.
 */
function differencesLine(kind: RecordKind, view: RequestView): string {
  const names = (fields: readonly string[]) =>
    withoutFollowers(fields, (field) => field)
      .map((field) => fieldLabel(recordKinds[kind].crmObject, field))
      .join(', ');
  if (view.fields) return `Solo i campi scelti: ${names(view.fields)}.`;
  return view.differences.length > 0 ? `Campi diversi: ${names(view.differences)}.` : 'Nessun campo diverso.';
}

/** The e-mails go to Italian staff as they are, so they are written in Italian like the app (not src/i18n). */
export function pendingRequestMail(
  kind: RecordKind,
  view: RequestView,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const record = recordName(kind, view);
  return {
    subject: `Storico: richiesta di ripristino del ${record} da approvare`,
    text: [
      `${view.creatorUsername} ha chiesto di ripristinare il ${record} (richiesta n. ${view.id}).`,
      differencesLine(kind, view),
      '',
      `Approva o rifiuta la richiesta in Storico: ${publicUrl}${LIST_ROUTES[kind]}`,
    ].join('\n'),
  };
}

export function outcomeMail(
  kind: RecordKind,
  view: RequestView,
  outcome: RestoreOutcome,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const record = recordName(kind, view);
  const by = view.reviewerUsername ? ` da ${view.reviewerUsername}` : '';
  const texts: Record<RestoreOutcome, { subject: string; line: string }> = {
    approved: {
      subject: `Storico: ripristino del ${record} approvato`,
      line: `La tua richiesta di ripristino del ${record} (n. ${view.id}) è stata approvata${by} e applicata nel CRM.`,
    },
    rejected: {
      subject: `Storico: ripristino del ${record} rifiutato`,
      line: `La tua richiesta di ripristino del ${record} (n. ${view.id}) è stata rifiutata${by}.`,
    },
    'not-applied': {
      subject: `Storico: ripristino del ${record} non applicato`,
      line:
        `Il ripristino del ${record} (richiesta n. ${view.id}) non risulta applicato nel CRM: ` +
        'la richiesta è di nuovo in attesa di approvazione.',
    },
  };
  const { subject, line } = texts[outcome];
  return {
    subject,
    text: [
      line,
      differencesLine(kind, view),
      '',
      `Dettagli in Storico: ${publicUrl}${LIST_ROUTES[kind]}`,
    ].join('\n'),
  };
}

/** Who gave a forced restore's user their access, how and when (server/watch/forced-restore-alert.ts). */
export type RecentGrant = { byUsername: string; kind: ForcedRestoreGrant; at: Date };

/** A forced restore by a user someone created or enrolled within the four-eyes cooldown: its alert, by e-mail. */
export function forcedRestoreAlertMail(
  kind: RecordKind,
  view: RequestView,
  grant: RecentGrant,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const record = recordName(kind, view);
  const given = grant.kind === 'created' ? "ha creato l'utente" : 'gli ha inviato il codice QR';
  return {
    subject: `Storico: ripristino forzato del ${record} da un utente abilitato da poco`,
    text: [
      `${view.creatorUsername} ha forzato il ripristino del ${record} (richiesta n. ${view.id}).`,
      `${grant.byUsername} ${given} il ${formatDateTime(grant.at)}: un ripristino forzato non passa da un revisore.`,
      differencesLine(kind, view),
      '',
      `Controlla e conferma la presa visione in Storico: ${publicUrl}/avvisi`,
    ].join('\n'),
  };
}

export type RestoreMailDeps = {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  productCode: string;
  logger: SyncLogger;
};

/**
 * Tells reviewers of new pending requests and requesters of their outcome. Called once the database transaction
 * has committed; the sending runs in the background, so a slow or failing mail server never fails nor delays the
 * API call or the sync (failures are logged, the request stands either way).
 */
export class RestoreMail {
  private readonly sending = new Set<Promise<void>>();

  constructor(private readonly deps: RestoreMailDeps) {}

  /** Every reviewer but the requester, once per request. */
  pending(kind: RecordKind, ids: readonly number[]): void {
    this.inBackground(kind, ids, async (view) => {
      const roles = rolesAllowed('reviewRestores', this.deps.productCode);
      const to = await reviewerAddresses(this.deps.db, roles, { except: view.creatorId });
      return to.map((address) => ({ to: address, ...pendingRequestMail(kind, view, this.deps.publicUrl) }));
    });
  }

  /** The requester, when they still have an address. */
  outcome(kind: RecordKind, id: number, outcome: RestoreOutcome): void {
    this.inBackground(kind, [id], async (view) => {
      const requester = await this.deps.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', view.creatorId)
        .where('deleted', '=', false)
        .where('email', '<>', '')
        .executeTakeFirst();
      return requester
        ? [{ to: requester.email, ...outcomeMail(kind, view, outcome, this.deps.publicUrl) }]
        : [];
    });
  }

  /** Every reviewer but the requester: the forced restores' alert (server/watch/forced-restore-alert.ts). */
  forcedAfterGrant(kind: RecordKind, ids: readonly number[], grant: RecentGrant): void {
    this.inBackground(kind, ids, async (view) => {
      const roles = rolesAllowed('acknowledgeAlerts', this.deps.productCode);
      const to = await reviewerAddresses(this.deps.db, roles, { except: view.creatorId });
      const mail = forcedRestoreAlertMail(kind, view, grant, this.deps.publicUrl);
      return to.map((address) => ({ to: address, ...mail }));
    });
  }

  /** Settles once every e-mail started so far was sent or given up (for shutdown and tests). */
  async idle(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending]);
  }

  private inBackground(
    kind: RecordKind,
    ids: readonly number[],
    messages: (view: RequestView) => Promise<MailMessage[]>,
  ): void {
    const log = this.deps.logger;
    const run = (async () => {
      for (const view of await findRequests(this.deps.db, kind, ids)) {
        for (const message of await messages(view)) {
          try {
            await this.deps.mailer.send(message);
          } catch (error) {
            // One unreachable address must not keep the others from being told.
            log.warn({ err: error, request: view.id, kind }, 'restore e-mail not sent');
          }
        }
      }
    })().catch((error: unknown) => log.warn({ err: error, requests: ids, kind }, 'restore e-mails not sent'));
    this.sending.add(run);
    void run.finally(() => this.sending.delete(run));
  }
}

/** The restore e-mails of a mailer, or none without SMTP_URL. */
export function restoreMailOf(deps: Omit<RestoreMailDeps, 'mailer'> & { mailer: Mailer | null }) {
  return deps.mailer ? new RestoreMail({ ...deps, mailer: deps.mailer }) : null;
}
