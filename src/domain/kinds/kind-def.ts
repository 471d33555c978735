import type { ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import type { AccountRestoreRequest } from '@contract/restores';
import type { RecordKind } from '@contract/record-kinds';
import type { Snapshot } from '@/domain/snapshot';
import type { SectionDef } from './fields';

/** One restore request as the screens show it, whichever its kind. */
export type RestoreRequestView = Omit<
  AccountRestoreRequest,
  'accountId' | 'accountName' | 'revisionAccount'
> & {
  kind: RecordKind;
  recordId: string;
  /** The contact's name or the case number. */
  recordLabel: string | null;
  /** The target revision: its snapshot is what the restore writes back. */
  revision: { id: number; json: string };
  /** A case's: how many of its e-mails and comments came back with it out of the recycle bin. */
  relatedRestored?: number;
};

/**
 * The id of the search list's column that names the record (a contact's name, a case number): the list says under
 * it when the record was deleted, merged or re-created.
 */
export const NAME_COLUMN = 'name';

/** The sections of a comparison, or a function choosing them from the two snapshots (a section may depend on a value). */
export type Sections =
  readonly SectionDef[] | ((left: Snapshot | null, right: Snapshot | null) => readonly SectionDef[]);

/**
 * Everything that differs between contacts and cases on the screens: the query-key root, the screens' titles,
 * sections, columns and routes. `Row` is the search list's row. The API's paths, the URL segment, the CRM object
 * and the keys of the Italian labels are the contract's (contract/record-kinds.ts).
 */
export type RecordKindDef<Row> = {
  kind: RecordKind;
  /** The root of every query key about these records (search, versions, history, differences). */
  queryRoot: 'contacts' | 'cases';
  /** Parses a search row of the contract. */
  rowSchema: z.ZodType<Row>;
  /** Parses a restore request of the contract into the view every screen shows. */
  restoreSchema: z.ZodType<RestoreRequestView>;
  routes: {
    list: string;
    /** The route pattern of the detail screen, and the name of its id parameter. */
    detailPattern: string;
    detailParam: string;
    detail: (id: string) => string;
    restores: string;
  };
  titles: { list: string; detail: string; restores: string };
  /** What the record is called (a contact's name, a case number); '' when the snapshot does not say. */
  label: (snapshot: Snapshot | null) => string;
  /** Labels of the snapshot's fields (the restore detail names the fields a restore writes back). */
  fieldLabels: Readonly<Record<string, string>>;
  expansion: { sections: Sections; skeletonRows: number };
  detailSections: Sections;
  /** The search list's data columns; the select and expand columns are added around them. */
  columns: ColumnDef<Row>[];
  rowId: (row: Row) => string;
  /** How a row is named to assistive technology ('Seleziona Mario Rossi'). */
  rowName: (row: Row) => string;
  /** What a restore request about a selected row names: its version at the start date. */
  earlierRevisionId: (row: Row) => number;
};
