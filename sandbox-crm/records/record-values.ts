import type { SfRecord } from '../salesforce-wire';

/** A text value, or null when it is empty or not text. */
export const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/** First and last name joined, as Salesforce composes a person's Name. */
export const joinName = (r: Record<string, unknown> | undefined) =>
  r ? [text(r.FirstName), text(r.LastName)].filter(Boolean).join(' ') || null : null;

/** Salesforce marks a record in the recycle bin with IsDeleted = true (queryAll shows it, query does not). */
export const isDeleted = (record: SfRecord) => record.IsDeleted === true;

export const recordUrl = (version: string, object: string, id: string) =>
  `/services/data/v${version}/sobjects/${object}/${id}`;
