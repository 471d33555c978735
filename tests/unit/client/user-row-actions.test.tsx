import { findModal } from '../../support/modal';
import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../support/fake-api';
import { setOnline } from '../../support/online';
import { api, bodiesOf, chooseRole, open, rowOf, server, table } from './support/users-fixture';

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

  it("'Invia QR' says an e-mailed link went to the user alone, and shows no link", async () => {
    server.emailed = true;
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Invia QR');
    const dialog = await findModal('dialog', { name: 'Invia QR a utente01' });
    await user.click(within(dialog).getByRole('button', { name: 'Genera link' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      "Il link è stato inviato per email a utente01@example.it: solo l'utente lo riceve e non viene mostrato qui.",
    );
    expect(within(dialog).queryByLabelText('Link di configurazione')).toBeNull();
    expect(dialog).toHaveTextContent('Per un periodo non potrai approvare le richieste');
  });

  it("'Invia QR' asks first, then shows the enrolment link to copy when it was not e-mailed", async () => {
    const { user } = await open();
    await chooseAction(user, 'utente01', 'Invia QR');
    const dialog = await findModal('dialog', { name: 'Invia QR a utente01' });
    expect(api.requests.filter((r) => r.path.endsWith('/qr-token'))).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Genera link' }));
    const link = await within(dialog).findByLabelText('Link di configurazione');
    expect(link).toHaveValue('http://storico.local/2fa/tok3');
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      "Il link non è stato inviato per email: copialo e invialo all'utente.",
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
