/**
 * An audit entry's details as lines in Italian ('Etichetta: valore'), for the audit screen and the CSV export.
 */
import type { AuditDetailKey, AuditEntry } from './audit';
import { AUDIT_DETAIL_LABELS, AUDIT_VALUE_TEXTS as v, auditTargetText, crmUserNameText } from './audit-texts';
import { fieldLabel } from './field-labels';
import { ownEntry } from './own-entry';
import { roleLabel } from './role-names';
import { recordReason } from './rollback-reasons';
import { ROLLBACK_REASONS, type RollbackReason } from './rollbacks';
import { formatDateTime, formatDayOrDateTime } from './rome-time';

/**
 * What an entry's details are read with: the same for the screen's entries and the export's rows (the name of the
 * CRM user it is about, when known).
 */
export type AuditEntryFacts = Pick<AuditEntry, 'action' | 'target' | 'details'> &
  Partial<Pick<AuditEntry, 'crmUserName'>>;

/** One line of an entry's details: the key's Italian name and its value as text. */
export type DetailLine = { label: string; value: string };

/** Whose fields an entry names: a restore request's object, or the object a rollback or alert is about. */
function objectOf(entry: AuditEntryFacts): 'Account' | 'Case' | null {
  if (entry.target?.startsWith('restore-account-request:')) return 'Account';
  if (entry.target?.startsWith('restore-case-request:')) return 'Case';
  const object = entry.details?.object;
  return object === 'Account' || object === 'Case' ? object : null;
}

const labelOf = (key: string) => ownEntry<string>(AUDIT_DETAIL_LABELS, key) ?? key;

/** A value with no words of its own: a flag as Sì / No, a list by its items, an object key by key. */
function plain(value: unknown): string {
  if (value === null || value === undefined || value === '') return v.none;
  if (typeof value === 'boolean') return value ? v.yes : v.no;
  if (Array.isArray(value)) return value.map(plain).join(', ') || v.none;
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${labelOf(key)}: ${plain(inner)}`)
      .join(', ');
  return String(value as string | number);
}

type Say = (value: unknown, entry: AuditEntryFacts) => string;

/** A recorded code in Italian; a code the app has no words for as recorded. */
const coded =
  (words: Partial<Record<string, string>>): Say =>
  (value) =>
    typeof value === 'string' ? (ownEntry(words, value) ?? value) : plain(value);

const text =
  (format: (value: string) => string): Say =>
  (value) =>
    typeof value === 'string' ? format(value) || value : plain(value);

/** A value recorded as it was and as it became (`{ before, after }`), or as it is. */
const changed =
  (say: (value: unknown) => string): Say =>
  (value) => {
    if (value && typeof value === 'object' && 'before' in value && 'after' in value)
      return v.changedTo(say(value.before), say(value.after));
    return say(value);
  };

/** A field by its Italian label; where the entry does not say whose fields they are, by either object's. */
const fieldName = (object: 'Account' | 'Case' | null, field: string) =>
  object
    ? fieldLabel(object, field)
    : ([fieldLabel('Account', field), fieldLabel('Case', field)].find((label) => label !== field) ?? field);

const fieldList: Say = (value, entry) => {
  if (!Array.isArray(value)) return plain(value);
  const object = objectOf(entry);
  return (
    value.map((field) => (typeof field === 'string' ? fieldName(object, field) : plain(field))).join(', ') ||
    v.none
  );
};

/** `ip:10.0.0.1`, `device:…` (a browser signed in before), `codes` (one-time codes of a signed-in user). */
const source: Say = (value) => {
  if (typeof value !== 'string') return plain(value);
  const colon = value.indexOf(':');
  const kind = colon < 0 ? value : value.slice(0, colon);
  const said = ownEntry(v.source, kind);
  return said ? said(value.slice(colon + 1)) : value;
};

const isRollbackReason = (value: unknown): value is RollbackReason =>
  (ROLLBACK_REASONS as readonly unknown[]).includes(value);

/** A rollback's reason as its screens tell it, a four-eyes refusal's and a failed sign-in's in their own words. */
const reason: Say = (value, entry) => {
  if (entry.action.endsWith('.refused-four-eyes') || entry.action === 'alert.forced-restore')
    return coded(v.fourEyesReason)(value, entry);
  if (entry.action.startsWith('rollback.') && isRollbackReason(value)) {
    const message = typeof entry.details?.message === 'string' ? entry.details.message : null;
    return recordReason({ reason: value, message })?.text ?? value;
  }
  return coded(v.signInReason)(value, entry);
};

/** The CRM user the entry is about, by name when one is known. */
const crmUser: Say = (value, entry) =>
  typeof value === 'string' && entry.crmUserName ? crmUserNameText(entry.crmUserName, value) : plain(value);

const SAY: Partial<Record<AuditDetailKey, Say>> = {
  sfUserID: crmUser,
  type: coded(v.type),
  object: coded(v.object),
  outcome: coded(v.outcome),
  returned: coded(v.outcome),
  via: coded(v.via),
  reason,
  // A 403's code; elsewhere the error as recorded.
  error: (value, entry) =>
    entry.action === 'auth.refused-forbidden' ? coded(v.forbidden)(value, entry) : plain(value),
  source,
  fields: fieldList,
  written: fieldList,
  role: changed((role) => (typeof role === 'string' ? roleLabel(role) : plain(role))),
  from: text(formatDayOrDateTime),
  to: text(formatDayOrDateTime),
  windowStart: text(formatDateTime),
  windowEnd: text(formatDateTime),
  until: text(formatDateTime),
  grantedAt: text(formatDateTime),
  request: (value) => (typeof value === 'string' ? auditTargetText(value) : plain(value)),
};

const say = (key: string, value: unknown, entry: AuditEntryFacts) =>
  (ownEntry(SAY, key) ?? plain)(value, entry);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Where each known key goes among the lines: in the order of the labels, which groups what belongs together. */
const RANK = new Map(Object.keys(AUDIT_DETAIL_LABELS).map((key, i) => [key, i]));
const rank = (key: string) => RANK.get(key) ?? RANK.size;

/**
 * An entry's details as lines in Italian, known keys in the order of their labels (PostgreSQL keeps a jsonb
 * object's keys in an order of its own), any other after them. A change recorded as the whole before and after (a
 * user's data) reads as one line a value, 'old → new' where it changed.
 */
export function detailLines(entry: AuditEntryFacts): DetailLine[] {
  const details = entry.details ?? {};
  const { before, after } = details;
  const changedValues = isObject(before) && isObject(after);
  const said = Object.entries(details)
    .filter(([key]) => !changedValues || (key !== 'before' && key !== 'after'))
    .map(([key, value]) => ({ key, value: say(key, value, entry) }));
  if (changedValues) {
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      const was = say(key, before[key], entry);
      const is = say(key, after[key], entry);
      said.push({ key, value: was === is ? is : v.changedTo(was, is) });
    }
  }
  return said
    .sort((a, b) => rank(a.key) - rank(b.key))
    .map(({ key, value }) => ({ label: labelOf(key), value }));
}
