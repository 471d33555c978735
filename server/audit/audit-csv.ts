import { detailLines } from '../../contract/audit-detail-lines';
import { auditActionName, auditTargetText } from '../../contract/audit-texts';
import { formatDateTimeSeconds } from '../../contract/rome-time';
import type { AuditRow } from './audit.repository';

/**
 * The columns, named for the people who read the file (the app speaks Italian only): each entry's time, action,
 * target and details as the audit screen tells them, beside what a program reading the file needs (the instant in
 * UTC, the action's code, the details as recorded).
 */
export const AUDIT_CSV_HEADER = [
  'ID',
  'Data e ora (ora italiana)',
  'Data e ora (UTC)',
  'ID utente',
  'Utente',
  'Azione',
  'Codice azione',
  'Oggetto',
  'Indirizzo IP',
  'Dettagli',
  'Dettagli (JSON)',
];

/**
 * Fields are separated by semicolons: a spreadsheet set to Italian (Excel's list separator there is ';') opens a
 * comma-separated file as one column. The file starts with a byte order mark, so that it reads it as UTF-8.
 */
const SEPARATOR = ';';

/**
 * One CSV field (RFC 4180, with the separator above): quoted when it holds a quote, a comma, a semicolon or a line
 * break. A text starting with = + - @ | (or a tab / carriage return) gets a leading apostrophe, so a spreadsheet shows
 * it instead of running it as a formula: usernames and sign-in names in the log are typed by anyone.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@|\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: readonly unknown[]) => `${fields.map(csvField).join(SEPARATOR)}\r\n`;

/** One entry's line; `crmUserName`: the name of the CRM user it is about, when known. */
export const auditCsvLine = (row: AuditRow, crmUserName: string | null = null) =>
  csvLine([
    row.id,
    formatDateTimeSeconds(row.at),
    new Date(row.at).toISOString(),
    row.actor_user_id,
    row.actor_username,
    auditActionName(row.action) ?? '',
    row.action,
    auditTargetText(row.target, crmUserName),
    row.ip,
    detailLines({ ...row, crmUserName })
      .map((line) => `${line.label}: ${line.value}`)
      .join('\n'),
    row.details,
  ]);
