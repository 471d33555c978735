import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, open, rowOf, table } from './support/users-fixture';

const listCalls = () =>
  api.requests.filter((r) => r.method === 'GET' && r.path === '/user/' && r.query.get('isPaged') !== 'false');

describe('Gestione utenti: the list', () => {
  it('shows username, e-mail and role label, 10 a page, with the 1-based page in the URL', async () => {
    const { router, user } = await open();
    const rows = within(table()).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 3),
    ).toEqual(['admin', 'admin@example.it', 'Admin']);
    expect(screen.getByText('12 utenti')).toBeInTheDocument();
    expect(listCalls()[0]?.query.get('page')).toBe('0');
    expect(listCalls()[0]?.query.get('size')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Pagina 2' }));
    await rowOf('utente09');
    expect(router.state.location.search).toBe('?page=2');
    expect(listCalls().at(-1)?.query.get('page')).toBe('1');
  });

  it('opens at the page of the URL', async () => {
    await open('/gestione_utenti/gestioneUtenti?page=2');
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Pagina 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by username or e-mail on the server and goes back to page 1', async () => {
    const { router, user } = await open('/gestione_utenti/gestioneUtenti?page=2');
    await user.type(screen.getByLabelText('Cerca utenti'), 'stor');
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    await rowOf('storico');
    expect(listCalls().at(-1)?.query.get('filter')).toBe('stor');
    expect(router.state.location.search).toBe('?page=1');
    await user.clear(screen.getByLabelText('Cerca utenti'));
    await user.type(screen.getByLabelText('Cerca utenti'), 'nessuno');
    expect(await screen.findByText('Nessun risultato trovato')).toBeInTheDocument();
  });

  it("names every row action in text, in an 'Azioni' menu the keyboard opens, and says why your own row has no delete", async () => {
    const { user } = await open();
    // One labelled button a row: no action is named only by a tooltip, which a touch screen never shows.
    const trigger = within(await rowOf('admin')).getByRole('button', { name: 'Azioni per admin' });
    expect(trigger).toHaveTextContent('Azioni');
    expect(within(await rowOf('admin')).getAllByRole('button')).toEqual([trigger]);
    trigger.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu', { name: 'Azioni per admin' });
    const items = within(menu).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Modifica',
      'Cambia password',
      'Invia QR',
      'Reimposta autenticatore',
      'Sblocca accesso',
      'Termina sessioni',
      'EliminaNon puoi eliminare il tuo utente',
    ]);
    for (const item of items) expect(item).not.toHaveAttribute('title');
    const ownDelete = within(menu).getByRole('menuitem', { name: 'Elimina' });
    expect(ownDelete).toHaveAttribute('aria-disabled', 'true');
    expect(ownDelete).toHaveAccessibleDescription('Non puoi eliminare il tuo utente');
    await waitFor(() => expect(items[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Cambia password' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

    await user.click(within(await rowOf('storico')).getByRole('button', { name: 'Azioni per storico' }));
    const other = await screen.findByRole('menu', { name: 'Azioni per storico' });
    const deleteOther = within(other).getByRole('menuitem', { name: 'Elimina' });
    expect(deleteOther).not.toHaveAttribute('aria-disabled');
    expect(deleteOther).not.toHaveAccessibleDescription();
  });
});
