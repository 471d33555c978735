import type { AuditRow } from './audit.repository';

export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'actor_user_id',
  'actor_username',
  'action',
  'target',
  'ip',
  'details',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, a separator or a line break. A text starting with = + - @
 * (or a tab / carriage return) gets a leading apostrophe, so a spreadsheet shows it instead of running it as a
 * formula: usernames and sign-in names in the log are typed by anyone.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text =
    typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : JSON.stringify(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (fields: readonly unknown[]) => `${fields.map(csvField).join(',')}\r\n`;

export const auditCsvLine = (row: AuditRow) =>
  csvLine([
    row.id,
    row.at,
    row.actor_user_id,
    row.actor_username,
    row.action,
    row.target,
    row.ip,
    row.details,
  ]);
