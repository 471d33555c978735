import { statementsMigration } from './statements';

/**
 * The fields Storico keeps beyond its screens' own, as the org's describe shows them: their label (in the org's
 * language), type, place in describe's order, and whether a restore writes them. The comparison screens label and
 * format 'Altri campi' by them, also while the CRM cannot be reached. A field removed from the org keeps its row:
 * older revisions still hold it.
 */
const up = [
  `create table crm_fields (
     kind text not null,
     name text not null,
     label text not null,
     type text not null,
     calculated boolean not null,
     writable boolean not null,
     position integer not null,
     updated_at timestamptz not null,
     primary key (kind, name)
   )`,
];

const down = [`drop table if exists crm_fields`];

export const crmFieldLabels = statementsMigration(up, down);
