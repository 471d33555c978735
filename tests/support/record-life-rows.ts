import { within } from '@testing-library/react';
import type { DeletedContact } from '@contract/revisions';
import { LIVE_RECORD, type RecordLife } from '@contract/search';

/** A contact search row as the API answers it, with its versions 'earlier' and 'later' and its life. */
export const lifeContactRow = (
  id: string,
  name: string,
  life: RecordLife = LIVE_RECORD,
  versions: { earlier: number; later: number } = { earlier: 61, later: 62 },
) => ({
  id,
  creation_date: '2024-01-10T09:00:00.000Z',
  accountName: name,
  countSalesforceCases: 1,
  salesforceUser: { phone: '+39 333 111 2222', email: 'cliente@example.it' },
  earlierRevisionAccount: { id: versions.earlier },
  laterRevisionAccount: { id: versions.later },
  ...life,
});

/** A revision as the API answers it: its snapshot as JSON text, the record's life and a case's deleted contact. */
export const lifeRevision = (
  id: number,
  savedAt: string,
  source: string,
  json: object,
  life: RecordLife,
  deletedContact: DeletedContact | null = null,
) => ({
  id,
  savedAt,
  source,
  json: JSON.stringify(json),
  ...life,
  deletedContact,
});

/** The words of the life marks under a search row's name. */
export const marksOf = (row: HTMLElement) =>
  within(row)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
