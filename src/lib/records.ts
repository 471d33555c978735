import type { Revision } from '@contract/revisions';

/**
 * The two kinds of CRM record the app keeps revisions of. Everything that differs between them (paths, labels,
 * sections, columns, routes) is in the records feature's table of kinds; this file only names them, so the shared
 * layers (the offline store, the search state) can key on a kind without depending on that feature.
 */
export type RecordKind = 'contact' | 'case';

/** The two versions side by side: `first` on the left (the older), `second` on the right. */
export type RevisionPair = { first: Revision; second: Revision };

/**
 * Everything one opened comparison needs to be shown again: both revisions, their differences, what the record
 * is called and the dates it was asked for. The offline store keeps exactly this.
 */
export type Comparison = {
  kind: RecordKind;
  recordId: string;
  /** The contact's name or the case number. */
  label: string;
  dateFrom: string;
  dateTo: string;
  first: Revision;
  second: Revision;
  /** Top-level snapshot fields that differ between the two. */
  differences: string[];
};
