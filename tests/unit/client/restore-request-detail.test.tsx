import { findModal } from '../../support/modal';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CASES, caseRequest, lists, open } from './support/restore-requests-fixture';

/** The rows of a request detail's 'Differenze' table: field and value restored. */
const differenceRows = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('table', { name: 'Differenze' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

describe('the request detail', () => {
  it.each([
    ['PENDING', 'Data approvazione', 'non ancora approvata'],
    ['APPROVED', 'Data approvazione', '03/05/2025 16:40'],
    ['REJECTED', 'Data rifiuto', '03/05/2025 16:40'],
  ] as const)('labels the date of a %s request %s: %s', async (status, label, text) => {
    lists[status] = [caseRequest(40, status)];
    const { user } = await open(`${CASES}?stato=${status}`);
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 40' }));
    const dialog = await findModal('dialog', { name: 'Richiesta di ripristino n. 40' });
    const term = within(dialog).getByText(label, { selector: 'dt' });
    expect(term.nextElementSibling).toHaveTextContent(text);
  });

  it('shows a rejected request with no date as not yet approved, under Data rifiuto', async () => {
    lists.REJECTED = [caseRequest(41, 'REJECTED', { approvedAt: null })];
    const { user } = await open(`${CASES}?stato=REJECTED`);
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 41' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).getByText('Data rifiuto', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'non ancora approvata',
    );
  });

  it("lists each differing field with the target snapshot's value", async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    const rows = differenceRows(dialog);
    expect(rows).toEqual([
      ['Stato', 'Closed'],
      ['Richiamo', 'Sì'],
      ['Data di scadenza', '09/03/2025'],
    ]);
    // The unchanged Subject is not listed, nor the CRM's own timestamp, which no restore brings back.
    expect(within(dialog).queryByText('Confezione danneggiata')).not.toBeInTheDocument();
  });

  it('shows only the chosen fields of a request limited to some, and says so', async () => {
    lists.PENDING = [caseRequest(43, 'PENDING', { fields: ['Recall__c'] })];
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 43' }));
    const dialog = await findModal('dialog');
    const rows = differenceRows(dialog);
    expect(rows).toEqual([['Richiamo', 'Sì']]);
    expect(within(dialog).getByText('Solo i campi scelti')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        'Il ripristino scrive solo questi campi; gli altri restano come sono nel CRM.',
      ),
    ).toBeInTheDocument();
  });

  it("says 'Formato JSON non valido' for an unreadable target snapshot", async () => {
    lists.PENDING = [caseRequest(42, 'PENDING', { revisionCase: { id: 1, json: '{nope' } })];
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 42' }));
    expect(await within(await findModal('dialog')).findByText('Formato JSON non valido')).toBeInTheDocument();
  });
});

describe('a restore that brought back a record deleted in the CRM', () => {
  it("says in the list and in the detail 'Ripristinato dal cestino' or 'Ripristinato con nuovo ID …'", async () => {
    lists.APPROVED = [
      caseRequest(51, 'APPROVED', { outcome: 'undeleted' }),
      caseRequest(52, 'APPROVED', { outcome: 'recreated', newRecordId: '500000000000099AAA' }),
      caseRequest(53, 'APPROVED'),
      caseRequest(54, 'APPROVED', { outcome: 'undeleted', relatedRestored: 3 }),
    ];
    const { user } = await open(`${CASES}?stato=APPROVED`);
    const table = await screen.findByRole('table', { name: 'Storico - Approvati' });
    const row = (id: number) => within(table).getByRole('row', { name: new RegExp(`^${id}`) });
    await within(table).findByText('000123451');
    expect(within(row(51)).getByText('Ripristinato dal cestino')).toBeInTheDocument();
    expect(within(row(52)).getByText('Ripristinato con nuovo ID 500000000000099AAA')).toBeInTheDocument();
    // A case out of the recycle bin counts the e-mails and comments that came back with it.
    expect(within(row(54)).getByText('Ripristinato dal cestino con 3 e-mail e commenti')).toBeInTheDocument();
    // A live record's restore has no outcome to tell.
    expect(within(row(53)).queryByText(/^Ripristinato/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Dettaglio della richiesta 52' }));
    const dialog = await findModal('dialog', { name: 'Richiesta di ripristino n. 52' });
    expect(within(dialog).getByText('Esito', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'Ripristinato con nuovo ID 500000000000099AAA',
    );
  });

  it('shows no outcome for a request that is not applied', async () => {
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Dettaglio della richiesta 11' }));
    const dialog = await findModal('dialog');
    expect(within(dialog).queryByText('Esito')).not.toBeInTheDocument();
  });
});
