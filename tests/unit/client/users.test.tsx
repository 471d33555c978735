import { findModal } from '../../support/modal';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@contract/users';
import { ok, refusal, startFakeApi, type FakeReply, type FakeRequest } from '../../support/fake-api';
import { setOnline } from '../../support/online';

// Typing into the dialogs of the whole app takes a few seconds in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const api = await startFakeApi();
vi.stubEnv('VITE_API_BASE_URL', api.apiBaseUrl);
const { renderApp, resetApp } = await import('../../support/render-app');

const ROLES = {
  ADMIN: { id: 1, name: 'ADMIN', label: 'Admin' },
  USER_STORICO: { id: 2, name: 'USER_STORICO', label: 'User Storico' },
  USER_RANA: { id: 3, name: 'USER_RANA', label: 'User Rana' },
} as const;
type RoleName = keyof typeof ROLES;
const ME = { id: 1, username: 'admin', role: 'ADMIN' };

/** The users API, in memory, following contract/users.ts: paging, filter, 409 on duplicates. */
class UsersApi {
  users: User[] = [];
  nextId = 1;
  emailed = false;
  /** The `reset` query of every qr-token call, in order. */
  resets: (string | null)[] = [];
  /** ME's own password was set or sessions ended: the server refuses this session from then on. */
  meSignedOut = false;

  constructor(count: number) {
    this.add('admin', 'ADMIN');
    this.add('storico', 'USER_STORICO');
    for (let i = 1; i < count - 1; i++) this.add(`utente${String(i).padStart(2, '0')}`, 'USER_RANA');
  }

  add(username: string, role: RoleName, email = `${username}@example.it`): User {
    const user = { id: this.nextId++, username, email, deleted: false, role: ROLES[role] };
    this.users.push(user);
    return user;
  }

  duplicate(body: { username: string; email: string }, exceptId?: number): FakeReply | null {
    const others = this.users.filter((u) => u.id !== exceptId);
    const username = others.some((u) => u.username === body.username);
    const email = others.some((u) => u.email === body.email);
    if (username && email)
      return refusal(
        409,
        'Username and e-mail are already used by another user',
        'USERNAME_AND_EMAIL_TAKEN',
        {
          field: 'body.username,body.email',
        },
      );
    if (username)
      return refusal(409, 'Username is already used by another user', 'USERNAME_TAKEN', {
        field: 'body.username',
      });
    if (email)
      return refusal(409, 'E-mail is already used by another user', 'EMAIL_TAKEN', { field: 'body.email' });
    return null;
  }

  handle = ({ method, path, query, body }: FakeRequest): FakeReply => {
    if (this.meSignedOut) return refusal(401, 'Session expired or revoked', 'SESSION_EXPIRED');
    const idMatch = /^\/user\/(\d+)(\/qr-token|\/locks|\/sessions)?$/.exec(path);
    const target = idMatch ? this.users.find((u) => u.id === Number(idMatch[1])) : undefined;
    const ownSessionsEnd =
      target?.id === ME.id &&
      ((method === 'PUT' && (body as { password?: string }).password !== undefined) ||
        (method === 'DELETE' && idMatch?.[2] === '/sessions'));
    if (ownSessionsEnd) this.meSignedOut = true;
    if (method === 'GET' && path === '/role/') return ok(Object.values(ROLES));
    if (method === 'GET' && path === '/user/') {
      const filter = (query.get('filter') ?? '').toLowerCase();
      const all = this.users
        .filter((u) => u.username.includes(filter) || u.email.includes(filter))
        .sort((a, b) => a.username.localeCompare(b.username));
      const paged = query.get('isPaged') !== 'false';
      const size = paged ? Number(query.get('size')) : all.length;
      const page = paged ? Number(query.get('page')) : 0;
      return ok({
        content: all.slice(page * size, page * size + size),
        totalPages: Math.ceil(all.length / size),
        totalElements: all.length,
        size,
        number: page,
        pageable: { pageNumber: page, pageSize: size },
      });
    }
    if (method === 'POST' && path === '/user/') {
      const input = body as { username: string; email: string; role: { name: RoleName } };
      return (
        this.duplicate(input) ??
        ok(this.add(input.username, input.role.name, input.email), 'User created', 201)
      );
    }
    if (!target) return refusal(404, `No user with id ${idMatch?.[1]}`, 'NOT_FOUND');
    if (method === 'PUT') {
      const input = body as {
        username?: string;
        email?: string;
        role?: { name: RoleName };
        password?: string;
      };
      if (input.password === undefined) {
        const refused = this.duplicate(input as { username: string; email: string }, target.id);
        if (refused) return refused;
        Object.assign(target, {
          username: input.username,
          email: input.email,
          role: ROLES[input.role!.name],
        });
      }
      return ok(target, 'User updated');
    }
    if (method === 'DELETE' && idMatch?.[2] === '/locks') return ok({ cleared: 1 }, 'Locks cleared');
    if (method === 'DELETE' && idMatch?.[2] === '/sessions') return ok(null, 'Sessions ended');
    if (method === 'DELETE') {
      if (target.id === ME.id) return refusal(409, 'You cannot delete your own user', 'OWN_USER');
      this.users = this.users.filter((u) => u.id !== target.id);
      return ok(null, 'User deleted');
    }
    if (method === 'GET' && idMatch?.[2]) {
      this.resets.push(query.get('reset'));
      return ok({
        qrToken: `tok${target.id}`,
        url: `http://storico.local/2fa/tok${target.id}`,
        emailed: this.emailed,
      });
    }
    return { status: 404 };
  };
}

let server: UsersApi;
beforeEach(() => {
  api.requests.length = 0;
  server = new UsersApi(12);
  api.setHandler(server.handle);
});
afterEach(() => {
  setOnline(true);
  resetApp();
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await api.close();
});

const table = () => screen.getByRole('table', { name: 'Gestione utenti' });
const rowOf = async (username: string) =>
  (await within(table()).findByRole('cell', { name: username })).closest('tr') as HTMLElement;
const listCalls = () =>
  api.requests.filter((r) => r.method === 'GET' && r.path === '/user/' && r.query.get('isPaged') !== 'false');
const bodiesOf = (method: string) => api.requests.filter((r) => r.method === method).map((r) => r.body);

async function open(path = '/gestione_utenti/gestioneUtenti') {
  const view = await renderApp(path, { as: ME });
  await rowOf(path.includes('page=2') ? 'utente09' : 'admin');
  return { ...view, user: userEvent.setup({ delay: null }) };
}

/** Opens the row's 'Azioni' menu and picks `action` from it, as a mouse, a finger or the keyboard does. */
async function chooseAction(user: ReturnType<typeof userEvent.setup>, username: string, action: string) {
  await user.click(within(await rowOf(username)).getByRole('button', { name: `Azioni per ${username}` }));
  const menu = await screen.findByRole('menu', { name: `Azioni per ${username}` });
  await user.click(within(menu).getByRole('menuitem', { name: action }));
}

/** This session ended with the change: sign-in shows, without the expired-session toast. */
async function signedOutWithoutExpiry() {
  expect(await screen.findByRole('heading', { name: /Accedi a Storico/ })).toBeInTheDocument();
  expect(screen.queryByText("Sessione scaduta, effettua nuovamente l'accesso")).toBeNull();
}

async function chooseRole(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

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

describe("Gestione utenti: 'Crea utente'", () => {
  it('validates the fields in Italian before calling the server', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Email'), 'non-una-email');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(await within(dialog).findByText('Inserisci un indirizzo email valido')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Campo obbligatorio')).toHaveLength(2);
    expect(within(dialog).getAllByText('La password deve essere almeno di 10 caratteri.')).toHaveLength(2);
    expect(bodiesOf('POST')).toHaveLength(0);
  });

  it("refuses a username that would read as another user's, in Italian", async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    // A Cyrillic 'а' in front of 'dmin'.
    await user.type(within(dialog).getByLabelText('Username'), '\u0430dmin');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(
      await within(dialog).findByText(
        "Usa solo lettere dell'alfabeto latino (anche accentate), cifre e i segni . _ - @ '",
      ),
    ).toBeInTheDocument();
    expect(bodiesOf('POST')).toHaveLength(0);
  });

  it('refuses a password containing the username, and shows the server refusing a common one in Italian', async () => {
    api.setHandler((request) =>
      request.method === 'POST' && request.path === '/user/'
        ? refusal(400, 'The password is too common', 'PASSWORD_COMMON', { field: 'body.password' })
        : server.handle(request),
    );
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Username'), 'mario.rossi');
    await user.type(within(dialog).getByLabelText('Email'), 'mario@example.it');
    await user.type(within(dialog).getByLabelText('Password'), 'Mario.Rossi-2024!');
    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    await user.click(await screen.findByRole('option', { name: 'User Rana' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(await within(dialog).findByText('La password non può contenere lo username')).toBeInTheDocument();
    expect(bodiesOf('POST')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Password2024!');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(
      await screen.findAllByText('Questa password è troppo comune: scegline una meno prevedibile'),
    ).not.toHaveLength(0);
  });

  it('creates a user with a role from the roles list, and refreshes the list', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Username'), 'aaa.nuovo');
    await user.type(within(dialog).getByLabelText('Email'), 'nuovo@example.it');
    await user.type(within(dialog).getByLabelText('Password'), 'Password-Sicura-1');
    await user.click(screen.getByRole('combobox', { name: 'Ruolo' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Admin', 'User Storico', 'User Rana']);
    await user.click(screen.getByRole('option', { name: 'User Storico' }));
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));

    expect(await screen.findByText('Utente creato con successo')).toBeInTheDocument();
    expect(bodiesOf('POST')).toEqual([
      {
        username: 'aaa.nuovo',
        email: 'nuovo@example.it',
        password: 'Password-Sicura-1',
        role: { name: 'USER_STORICO' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await rowOf('aaa.nuovo')).getByText('User Storico')).toBeInTheDocument();
  });

  it('names the duplicate username or e-mail on its field', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('button', { name: 'Crea utente' }));
    const dialog = await findModal('dialog', { name: 'Crea utente' });
    await user.type(within(dialog).getByLabelText('Username'), 'storico');
    await user.type(within(dialog).getByLabelText('Email'), 'altro@example.it');
    await user.type(within(dialog).getByLabelText('Password'), 'Password-Sicura-1');
    await chooseRole(user, 'User Rana');
    await user.click(within(dialog).getByRole('button', { name: 'Crea utente' }));
    expect(
      await within(dialog).findByText('Questo username è già usato da un altro utente'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText("Errore durante la creazione dell'utente")).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });
});

describe('Gestione utenti: row actions', () => {
  it('edits username, e-mail and role', async () => {
    const { user } = await open();
    await chooseAction(user, 'storico', 'Modifica');
    const dialog = await findModal('dialog', { name: 'Modifica utente storico' });
    expect(within(dialog).getByLabelText('Username')).toHaveValue('storico');
    expect(within(dialog).queryByLabelText('Password')).toBeNull();
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'storico@azienda.it');
    await chooseRole(user, 'Admin');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Utente modificato con successo')).toBeInTheDocument();
    expect(bodiesOf('PUT')).toEqual([
      { username: 'storico', email: 'storico@azienda.it', role: { name: 'ADMIN' } },
    ]);
    const row = await rowOf('storico');
    await waitFor(() => expect(row).toHaveTextContent('storico@azienda.it'));
    expect(row).toHaveTextContent('Admin');
  });

  it("names an e-mail already in use on edit, with 'Errore durante la modifica dell'utente'", async () => {
    const { user } = await open();
    await chooseAction(user, 'storico', 'Modifica');
    const dialog = await findModal('dialog');
    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'admin@example.it');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(
      await within(dialog).findByText('Questa email è già usata da un altro utente'),
    ).toBeInTheDocument();
    expect(await screen.findByText("Errore durante la modifica dell'utente")).toBeInTheDocument();
  });

  it("sets a user's password after checking the rules and the confirmation", async () => {
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Cambia password');
    const dialog = await findModal('dialog', { name: 'Cambia la password di utente01' });
    await user.type(within(dialog).getByLabelText('Password'), 'Password-Nuova-9');
    await user.type(within(dialog).getByLabelText('Conferma password'), 'Password-Nuova-8');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText('Le password non sono uguali')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Conferma password'));
    await user.type(within(dialog).getByLabelText('Conferma password'), 'Password-Nuova-9');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Password modificata con successo')).toBeInTheDocument();
    expect(bodiesOf('PUT')).toEqual([{ password: 'Password-Nuova-9' }]);
  });

  it('changing your own password warns that you will be signed out, then says it changed and asks to sign in again', async () => {
    const { user } = await open();
    await chooseAction(user, 'admin', 'Cambia password');
    const dialog = await findModal('dialog', { name: 'Cambia la password di admin' });
    expect(dialog).toHaveTextContent(
      'Stai cambiando la tua password: verrai disconnesso e dovrai accedere di nuovo con la nuova password.',
    );
    await user.type(within(dialog).getByLabelText('Password'), 'Password-Nuova-9');
    await user.type(within(dialog).getByLabelText('Conferma password'), 'Password-Nuova-9');
    await user.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await screen.findByText('Password modificata con successo')).toBeInTheDocument();
    expect(screen.getByText('Accedi di nuovo per continuare.')).toBeInTheDocument();
    await signedOutWithoutExpiry();
    expect(api.requests.filter((r) => r.path === '/user/' && r.method === 'GET')).toHaveLength(1);
  });

  it("'Termina sessioni' on your own row warns that you will be signed out, and signs out here after", async () => {
    const { user } = await open();
    await chooseAction(user, 'admin', 'Termina sessioni');
    const dialog = await findModal('alertdialog', { name: 'Terminare tutte le sessioni di admin?' });
    expect(dialog).toHaveTextContent(
      'Stai terminando le tue sessioni: verrai disconnesso anche da questo dispositivo.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Termina sessioni' }));
    expect(await screen.findByText('Sessioni terminate')).toBeInTheDocument();
    await signedOutWithoutExpiry();
  });

  it('deletes a user after confirmation', async () => {
    const { user } = await open();
    await chooseAction(user, 'storico', 'Elimina');
    const dialog = await findModal('alertdialog', { name: "Eliminare l'utente?" });
    expect(dialog).toHaveTextContent('storico non potrà più accedere.');
    await user.click(within(dialog).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText('Utente eliminato con successo')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByRole('cell', { name: 'storico' })).toBeNull());
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/user/2']);
  });

  it("clears a user's sign-in locks after confirmation", async () => {
    const { user } = await open();
    await chooseAction(user, 'storico', 'Sblocca accesso');
    const dialog = await findModal('alertdialog', { name: "Sbloccare l'accesso di storico?" });
    await user.click(within(dialog).getByRole('button', { name: 'Sblocca accesso' }));
    expect(await screen.findByText('Accesso sbloccato')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/user/2/locks']);
  });

  it('ends every session of a user after confirmation', async () => {
    const { user } = await open();
    await chooseAction(user, 'storico', 'Termina sessioni');
    const dialog = await findModal('alertdialog', {
      name: 'Terminare tutte le sessioni di storico?',
    });
    expect(dialog).not.toHaveTextContent('verrai disconnesso');
    await user.click(within(dialog).getByRole('button', { name: 'Termina sessioni' }));
    expect(await screen.findByText('Sessioni terminate')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/user/2/sessions',
    ]);
  });

  it('keeps the user when the confirmation is cancelled', async () => {
    const { user } = await open();
    await chooseAction(user, 'storico', 'Elimina');
    await user.click(within(await findModal('alertdialog')).getByRole('button', { name: 'Annulla' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    // Focus goes back to the row's 'Azioni'.
    const button = within(await rowOf('storico')).getByRole('button', { name: 'Azioni per storico' });
    await waitFor(() => expect(button).toHaveFocus());
  });

  it("explains a refused delete with 'Errore durante l'eliminazione dell'utente'", async () => {
    api.setHandler((request) =>
      request.method === 'DELETE'
        ? refusal(
            409,
            'No administrator who can sign in would be left: first make ADMIN another user who has set up their authenticator',
            'LAST_ADMIN',
          )
        : server.handle(request),
    );
    const { user } = await open();
    await chooseAction(user, 'storico', 'Elimina');
    await user.click(within(await findModal('alertdialog')).getByRole('button', { name: 'Elimina' }));
    expect(await screen.findByText("Errore durante l'eliminazione dell'utente")).toBeInTheDocument();
    expect(
      screen.getByText(
        "Non resterebbe nessun amministratore in grado di accedere: assegna prima il ruolo Admin a un altro utente che abbia già configurato l'autenticatore",
      ),
    ).toBeInTheDocument();
  });

  it("offline, 'Crea utente' and the confirmations are disabled with 'Disponibile solo online', and nothing is sent", async () => {
    const { user } = await open();
    setOnline(false);
    const create = screen.getByRole('button', { name: 'Crea utente' });
    expect(create).toBeDisabled();
    expect(create).toHaveAttribute('title', 'Disponibile solo online');
    expect(screen.getByText('Disponibile solo online')).toBeInTheDocument();
    for (const [action, name] of [
      ['Elimina', "Eliminare l'utente?"],
      ['Sblocca accesso', "Sbloccare l'accesso di storico?"],
      ['Termina sessioni', 'Terminare tutte le sessioni di storico?'],
    ] as const) {
      await chooseAction(user, 'storico', action);
      const dialog = await findModal('alertdialog', { name });
      expect(within(dialog).getByRole('button', { name: action })).toBeDisabled();
      expect(dialog).toHaveTextContent('Disponibile solo online');
      await user.click(within(dialog).getByRole('button', { name: 'Annulla' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    }
    expect(api.requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it("'Invia QR' asks first, then shows the enrolment link to copy and says whether it was e-mailed", async () => {
    server.emailed = true;
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Invia QR');
    const dialog = await findModal('dialog', { name: 'Invia QR a utente01' });
    expect(api.requests.filter((r) => r.path.endsWith('/qr-token'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Genera link' }));
    const link = await within(dialog).findByLabelText('Link di configurazione');
    expect(link).toHaveValue('http://storico.local/2fa/tok3');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Il link è stato inviato per email a utente01@example.it.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Copia link' }));
    expect(await screen.findByText('Link copiato')).toBeInTheDocument();
    await expect(navigator.clipboard.readText()).resolves.toBe('http://storico.local/2fa/tok3');
  });

  it("'Invia QR' tells both cases (the list does not say whether the user ever signed in), without reset", async () => {
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Invia QR');
    const dialog = await findModal('dialog', { name: 'Invia QR a utente01' });
    // Only a user who has signed in with the app keeps the current code; a new one gets the new code at once.
    expect(dialog).toHaveAccessibleDescription(
      "Viene preparato un nuovo codice per l'app di autenticazione e un link per configurarlo, valido 24 ore. Se l'utente ha già effettuato l'accesso con l'app, il suo codice attuale continua a funzionare finché non conferma il nuovo dalla pagina del link; allora le sue sessioni terminano. Se non ha mai effettuato l'accesso, vale da subito solo il nuovo codice.",
    );
    await user.click(within(dialog).getByRole('button', { name: 'Genera link' }));
    await within(dialog).findByLabelText('Link di configurazione');
    expect(server.resets).toEqual([null]);
  });

  it("'Reimposta autenticatore' says the current code stops at once, asks first, then resets and says it is done", async () => {
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Reimposta autenticatore');
    const dialog = await findModal('dialog', { name: "Reimpostare l'autenticatore di utente01?" });
    expect(dialog).toHaveTextContent(
      "Il codice attuale dell'utente smette subito di funzionare e le sue sessioni terminano.",
    );
    expect(server.resets).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reimposta e genera link' }));
    expect(await within(dialog).findByLabelText('Link di configurazione')).toHaveValue(
      'http://storico.local/2fa/tok3',
    );
    expect(server.resets).toEqual(['true']);
    // Done: the dialog no longer asks whether to reset.
    expect(dialog).toHaveAccessibleName('Autenticatore di utente01 reimpostato');
    expect(dialog).toHaveAccessibleDescription(
      "Il codice precedente dell'utente non funziona più e le sue sessioni sono terminate. Il link vale 24 ore e smette di funzionare al suo primo accesso con il nuovo codice.",
    );
    expect(dialog).not.toHaveTextContent('Reimpostare');
    expect(within(dialog).queryByRole('button', { name: 'Reimposta e genera link' })).toBeNull();
  });

  it("'Invia QR' says when the link was not e-mailed", async () => {
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Invia QR');
    const dialog = await findModal('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Genera link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Il link non è stato inviato per email: copialo e invialo all'utente.",
    );
  });
});
