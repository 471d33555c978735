import type { RelatedChange, RelatedRecord } from '@contract/case-related';
import { htmlToText } from '@/lib/html-text';
import { parseSnapshot, textOf, type Snapshot } from '@/domain/snapshot';

type Common = {
  /** The CRM id of the e-mail or comment. */
  id: string;
  /** When it was written (ISO 8601): an e-mail's `MessageDate`, a comment's `CreatedDate`, else when it was saved. */
  date: string;
  change: RelatedChange;
  deletedAt: string | null;
  /** Its text, as plain text: read when the line is expanded (an HTML body is parsed then). */
  text: () => string;
};

/** One line of 'E-mail e commenti'. */
export type RelatedLine =
  | (Common & { object: 'EmailMessage'; from: string; to: string; subject: string; incoming: boolean })
  | (Common & { object: 'CaseComment'; authorId: string; published: boolean });

/** The sender as the CRM names them: 'Name <address>', or whichever of the two it has. */
function sender(snapshot: Snapshot): string {
  const name = textOf(snapshot.FromName).trim();
  const address = textOf(snapshot.FromAddress).trim();
  return name && address && name !== address ? `${name} <${address}>` : name || address;
}

/**
 * An e-mail's text: `TextBody`, else its `HtmlBody` read as text (never rendered). The fields are EmailMessage's
 * (https://developer.salesforce.com/docs/platform/field-reference/references/field-reference/salesforce-field-reference-emailmessage.html):
 * `Incoming` true for a received e-mail, false for a sent one.
 */
function emailText(snapshot: Snapshot): string {
  const text = textOf(snapshot.TextBody).trim();
  if (text) return text;
  const html = textOf(snapshot.HtmlBody);
  return html.trim() ? htmlToText(html) : '';
}

/**
 * What a line shows of a related record's snapshot. A comment's fields are CaseComment's
 * (https://developer.salesforce.com/docs/platform/object-reference/references/standard-objects/object-casecomment.html):
 * `IsPublished` true for a comment the customer sees, false for an internal one.
 */
export function relatedLine(record: RelatedRecord): RelatedLine {
  const snapshot = parseSnapshot(record.json) ?? {};
  const common = { id: record.id, change: record.change, deletedAt: record.deletedAt };
  if (record.object === 'EmailMessage') {
    return {
      ...common,
      object: record.object,
      date: textOf(snapshot.MessageDate) || textOf(snapshot.CreatedDate) || record.savedAt,
      from: sender(snapshot),
      to: textOf(snapshot.ToAddress),
      subject: textOf(snapshot.Subject),
      incoming: snapshot.Incoming === true,
      text: () => emailText(snapshot),
    };
  }
  return {
    ...common,
    object: record.object,
    date: textOf(snapshot.CreatedDate) || record.savedAt,
    authorId: textOf(snapshot.CreatedById),
    published: snapshot.IsPublished === true,
    text: () => textOf(snapshot.CommentBody),
  };
}
