import { salesforceId } from '../salesforce-id';
import { toSfDateTime, type SfRecord } from '../salesforce-wire';
import { INTERNAL_COMMENTS } from './demo-catalog';
import { DAY, demoFaker, Draw } from './demo-draw';

/** The care team's mailbox, which receives the customers' e-mails (Email-to-Case) and sends the answers. */
export const CARE_MAILBOX = 'assistenza@storico-demo.it';

const CUSTOMER_LINES = [
  'vi scrivo per sapere a che punto è la mia segnalazione.',
  'allego le foto della confezione come mi avete chiesto.',
  'il prodotto acquistato aveva un sapore strano, vorrei capire cosa è successo.',
  'non ho ancora ricevuto il buono promesso al telefono.',
  'grazie per la risposta, resto in attesa di notizie.',
] as const;

const CARE_LINES = [
  'la ringraziamo per la segnalazione: il nostro controllo qualità sta verificando il lotto.',
  'le confermiamo che il buono sconto è stato inviato al suo indirizzo.',
  'ci scusiamo per il disagio: le abbiamo spedito un prodotto sostitutivo.',
  'per completare la verifica le chiediamo una foto del codice del lotto.',
] as const;

const COMMENT_EDITS = [
  'Aggiornamento: il cliente ha inviato le foto.',
  'Da richiamare dopo le 18.',
  'Chiuso in accordo con il responsabile qualità.',
] as const;

/** The audit fields of a record created at `stamp` by `agent` and not changed since. */
const savedBy = (stamp: string, agent: SfRecord) => ({
  CreatedDate: stamp,
  CreatedById: agent.Id,
  LastModifiedDate: stamp,
  LastModifiedById: agent.Id,
  SystemModstamp: stamp,
});

/** Every version of one e-mail or comment, oldest first; the last is what the CRM holds now. */
type History = SfRecord[];

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function email(d: Draw, kase: SfRecord, n: number, at: number, incoming: boolean, agent: SfRecord): SfRecord {
  const customer = String(kase.SuppliedEmail ?? 'cliente@example.it');
  const name = String(kase.SuppliedName ?? 'Cliente');
  const line = incoming ? d.pick(CUSTOMER_LINES) : d.pick(CARE_LINES);
  const greeting = incoming ? 'Buongiorno,' : `Gentile ${name},`;
  const closing = incoming ? name : `${String(agent.FirstName)} ${String(agent.LastName)} - Servizio clienti`;
  const text = `${greeting}\n${line}\n\n${closing}`;
  const html = d.chance(0.5)
    ? `<html><body><p>${escapeHtml(greeting)}</p><p>${escapeHtml(line)}</p><p><i>${escapeHtml(closing)}</i></p></body></html>`
    : null;
  const stamp = toSfDateTime(at);
  return {
    Id: salesforceId('02s', 5_000_000 + n * 733),
    ParentId: kase.Id,
    FromAddress: incoming ? customer : CARE_MAILBOX,
    FromName: incoming ? name : 'Servizio clienti',
    ToAddress: incoming ? CARE_MAILBOX : customer,
    CcAddress: null,
    BccAddress: null,
    Subject: `${incoming ? '' : 'Re: '}${String(kase.Subject ?? 'Segnalazione')}`,
    TextBody: text,
    HtmlBody: html,
    Incoming: incoming,
    HasAttachment: false,
    MessageDate: stamp,
    // 0 New, 1 Read, 3 Sent (Object Reference, EmailMessage: Status).
    Status: incoming ? d.pick(['0', '1']) : '3',
    IsExternallyVisible: true,
    ...savedBy(stamp, agent),
  } as SfRecord;
}

function comment(d: Draw, kase: SfRecord, n: number, at: number, agent: SfRecord): History {
  const stamp = toSfDateTime(at);
  const first = {
    Id: salesforceId('00a', 6_000_000 + n * 541),
    ParentId: kase.Id,
    CommentBody: d.pick(INTERNAL_COMMENTS),
    // Most comments are internal; a public one is seen by the customer in the portal.
    IsPublished: d.chance(0.3),
    ...savedBy(stamp, agent),
  } as SfRecord;
  const versions: History = [first];
  for (let edits = d.chance(0.4) ? d.int(1, 2) : 0, t = at; edits > 0; edits--) {
    t += d.int(1, 20) * DAY;
    const next: Record<string, unknown> = { ...versions.at(-1)! };
    if (d.chance(0.7)) next.CommentBody = `${String(next.CommentBody)} ${d.pick(COMMENT_EDITS)}`;
    else next.IsPublished = !next.IsPublished;
    next.LastModifiedDate = next.SystemModstamp = toSfDateTime(t);
    versions.push(next as SfRecord);
  }
  return versions;
}

/**
 * The demo cases' e-mails and comments, each with its history: about one case in five has one to three of them (an
 * e-mail from the customer, the care team's answer, internal or public comments, some edited later). Drawn from a
 * faker of their own, so the rest of the demo history stays the same whatever is drawn here; none is newer than the
 * history's end, so every case's latest version stays the newest save of its own.
 */
export function relatedRecordsOf(
  cases: readonly History[],
  agents: readonly SfRecord[],
  seed: number,
  end: number,
): { emails: History[]; comments: History[] } {
  const d = new Draw(demoFaker(seed + 2));
  const emails: History[] = [];
  const comments: History[] = [];
  if (agents.length === 0) return { emails, comments };
  for (const versions of cases) {
    if (!d.chance(0.2)) continue;
    const kase = versions[0]!;
    const created = Date.parse(String(kase.CreatedDate));
    if (created > end - 60 * DAY) continue;
    for (let k = d.int(1, 3); k > 0; k--) {
      const at = d.time(created + 60_000, Math.min(created + 30 * DAY, end - 60 * DAY));
      const agent = d.pick(agents);
      if (d.chance(0.5)) emails.push([email(d, kase, emails.length, at, d.chance(0.5), agent)]);
      else comments.push(comment(d, kase, comments.length, at, agent));
    }
  }
  return { emails, comments };
}
