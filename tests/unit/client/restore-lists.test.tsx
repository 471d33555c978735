import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok, pageOf } from '../../support/fake-api';
import {
  api,
  CASES,
  caseRequest,
  CONTACTS,
  listCalls,
  lists,
  open,
} from './support/restore-requests-fixture';

describe('the restore lists', () => {
  it('show the pending case requests with their columns and asks the API for page 0 of 10', async () => {
    await open();
    expect(await screen.findByRole('heading', { name: 'Gestione ripristini casi' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'In corso di approvazione' });
    await within(table).findByText('000123411');
    for (const header of [
      'ID ripristino',
      'Caso',
      'Data creazione',
      'Data approvazione',
      'Richiesto da',
      'Eseguito da',
    ])
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /000123411/ });
    expect(within(row).getByText('02/05/2025 10:15')).toBeInTheDocument();
    expect(within(row).getByText('non ancora approvata')).toBeInTheDocument();
    expect(within(row).getByText('rana.operatore')).toBeInTheDocument();
    expect(listCalls()[0]?.query.toString()).toBe('status=PENDING&page=0&size=10&isPaged=true');
  });

  it('has the three tabs; an empty tab says there is nothing to show and a rejected one names the date', async () => {
    const { user, router } = await open();
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'In corso di approvazione',
      'Storico - Approvati',
      'Storico - Rifiutati',
    ]);
    await screen.findByText('000123411');

    await user.click(screen.getByRole('tab', { name: 'Storico - Approvati' }));
    const approved = await screen.findByRole('table', { name: 'Storico - Approvati' });
    expect(await within(approved).findByText('Non sono presenti dati da visualizzare')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stato=APPROVED&page=1');

    lists.REJECTED = [caseRequest(21, 'REJECTED')];
    await user.click(screen.getByRole('tab', { name: 'Storico - Rifiutati' }));
    const rejected = await screen.findByRole('table', { name: 'Storico - Rifiutati' });
    await within(rejected).findByText('000123421');
    expect(within(rejected).getByRole('columnheader', { name: 'Data rifiuto' })).toBeInTheDocument();
    expect(within(rejected).getByText('03/05/2025 16:40')).toBeInTheDocument();
    // Only pending requests can be reviewed.
    expect(within(rejected).queryByRole('button', { name: /Approva|Rifiuta/ })).not.toBeInTheDocument();
    expect(listCalls().map((r) => r.query.get('status'))).toEqual(['PENDING', 'APPROVED', 'REJECTED']);

    // From the keyboard: the arrow keys choose the next tab round the end, and the focus stays on the tabs.
    screen.getByRole('tab', { name: 'Storico - Rifiutati' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(router.state.location.search).toBe('?stato=PENDING&page=1');
    expect(screen.getByRole('tab', { name: 'In corso di approvazione' })).toHaveFocus();
    expect(await screen.findByRole('table', { name: 'In corso di approvazione' })).toBeInTheDocument();
  });

  it('counts pages from 1 in the URL and from 0 in the API', async () => {
    lists.PENDING = Array.from({ length: 10 }, (_, i) => caseRequest(30 + i, 'PENDING'));
    api.setHandler(({ path, query }) =>
      path === '/restore-case-request/'
        ? ok(pageOf(lists.PENDING, Number(query.get('page')), 25))
        : { status: 404 },
    );
    const { user, router } = await open(`${CASES}?page=2`);
    await screen.findByText('000123430');
    expect(listCalls()[0]?.query.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Pagina 3' }));
    await waitFor(() => expect(listCalls().at(-1)?.query.get('page')).toBe('2'));
    expect(router.state.location.search).toContain('page=3');
  });

  it('are where Gestione leads a USER_STORICO first: the case restores, from the menu and the home page', async () => {
    const { user, router } = await open('/');
    const nav = await screen.findByRole('navigation', { name: 'Navigazione principale' });
    const managementLinks = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent)
      .filter((name) => name?.startsWith('Gestione'));
    expect(managementLinks).toEqual([
      'Gestione ripristini casi',
      'Gestione ripristini contatti',
      'Gestione rollback',
    ]);
    const shortcut = screen
      .getAllByRole('link', { name: 'Gestione ripristini casi' })
      .find((link) => !nav.contains(link));
    await user.click(shortcut!);
    expect(router.state.location.pathname).toBe(CASES);
    expect(await screen.findByText('000123411')).toBeInTheDocument();
  });

  it('shows the contact requests on the contacts page', async () => {
    await open(CONTACTS);
    expect(await screen.findByRole('heading', { name: 'Gestione ripristini contatti' })).toBeInTheDocument();
    expect(await screen.findByText('Non sono presenti dati da visualizzare')).toBeInTheDocument();
    expect(listCalls('/restore-account-request/')).toHaveLength(1);
  });
});
